#!/usr/bin/env python3
"""Writes ech_ffg_sample.txt: a small FFG ladder list of invented players, in the
federation's 2024 layout (61 columns, ISO-8859-1, CRLF, no line ending after the last row).

Every player is fictional. Some carry the names of the players of the generated sample
archive (samples/), spelt as the federation writes them, so that `echelle rate samples/
--ladder samples/federation/ech_ffg_sample.txt` shows each kind of match and near miss."""

import pathlib

HEADER = "#Echelle au 31/12/2024 18:00:00"
# name, level (-9999 = unrated), status, licence, club, country
ROWS = [
    ("ABADIE Lucien", -1200, "L", "2400101", "31To", "FR"),
    ("BERNARD Alice", -9999, "-", "2400102", "69Ly", "FR"),
    ("DUBOIS Jérôme", -380, "L", "2400103", "69Ly", "FR"),
    ("DUBOIS Jérôme", -1700, "-", "2400104", "75Pa", "FR"),
    ("GIRAUD Thomas", -950, "L", "2400105", "69Ly", "FR"),
    ("LEFÈVRE Chloé", -850, "L", "2400106", "69Ly", "FR"),
    ("LI Ming", -250, "e", "-------", "xxxx", "CN"),
    ("MARCHAND Élodie", -150, "L", "2400107", "69Ly", "FR"),
    ("MOREAU Léa_Marie", 120, "C", "2400108", "38Gr", "FR"),
    ("NGUYEN François", -750, "L", "2400109", "69Ly", "FR"),
    ("PARK Jihoon", -1050, "e", "-------", "xxxx", "KR"),
    ("TANAKA Sakura", -550, "e", "-------", "xxxx", "JP"),
    ("VAN_DEN_BERG Pieter", 220, "e", "-------", "xxxx", "NL"),
    ("YILMAZ Ayse", -450, "L", "2400110", "69Ly", "FR"),
    ("Zhou Wei", -9999, "-", "2400111", "XXXX", "XX"),
]


def line(name, level, status, licence, club, country):
    return f"{name:<38}{level:>5} {status} {licence} {club} {country}"


text = "\r\n".join([HEADER] + [line(*r) for r in ROWS])
out = pathlib.Path(__file__).with_name("ech_ffg_sample.txt")
out.write_bytes(text.encode("iso-8859-1"))
