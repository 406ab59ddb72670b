//! Each oddity of the published lists, on small generated lists.

use super::*;

/// A row in the list's columns: 58 characters, or 61 with a country.
fn line(
    name: &str,
    level: i32,
    status: char,
    licence: &str,
    club: &str,
    country: Option<&str>,
) -> String {
    let mut s = format!("{name:<38}{level:>5} {status} {licence} {club}");
    if let Some(c) = country {
        s.push(' ');
        s.push_str(c);
    }
    s
}

fn parse(text: &str) -> LadderList {
    LadderList::parse(text).unwrap_or_else(|e| panic!("{e}"))
}

/// Three rows, CRLF, no ending after the last row: the published shape.
fn published() -> String {
    [
        "#Echelle au 23/04/2016".to_string(),
        line("AAIJ René", 243, 'e', "-------", "  NL", None),
        line("ABADIE Yves", -1500, '-', "0452000", "31To", None),
        line("Akiya Tatsushi", -9999, 'L', "1200009", "XXXX", None),
    ]
    .join("\r\n")
}

#[test]
fn a_published_list_reads_every_field_and_writes_back_the_same_text() {
    let text = published();
    let l = parse(&text);
    assert_eq!(l.to_text(), text);
    assert_eq!(
        l.date(),
        ListDate::parse("23/04/2016").unwrap_or_else(|| panic!())
    );
    assert_eq!(l.layout(), Layout::NoCountry);
    let rows: Vec<&Row> = l.rows().map(|(_, r)| r).collect();
    assert_eq!(rows.len(), 3);
    assert_eq!(rows[0].name, "AAIJ René");
    assert_eq!(rows[0].level, Some(243));
    assert_eq!(rows[0].status, Status::Foreign);
    assert_eq!(rows[0].licence, None);
    assert_eq!(rows[0].club(), Club::Country("NL"));
    assert_eq!(rows[1].club(), Club::Code("31To"));
    assert_eq!(rows[1].licence.as_deref(), Some("0452000"));
    assert_eq!(rows[1].status, Status::Unlicensed);
    // Unrated, a surname not in capitals, the placeholder club.
    assert_eq!(rows[2].level, None);
    assert_eq!(rows[2].parts(), ("Akiya", "Tatsushi"));
    assert_eq!(rows[2].club(), Club::Placeholder);
    assert_eq!(l.line_of(l.rows().nth(2).map_or(0, |r| r.0)), 4);
}

#[test]
fn line_endings_are_kept_line_by_line_and_after_the_last_row() {
    let a = line("A B", 1, '-', "0000001", "31To", None);
    let b = line("C D", 2, '-', "0000002", "31To", None);
    for text in [
        format!("#Echelle au 01/01/2020\r\n{a}\r\n{b}\r\n"),
        format!("#Echelle au 01/01/2020\n{a}\n{b}"),
        format!("#Echelle au 01/01/2020\r\n{a}\n{b}\r\n"),
        "#Echelle au 01/01/2020".to_string(),
        "#Echelle au 01/01/2020\r\n".to_string(),
    ] {
        assert_eq!(parse(&text).to_text(), text);
    }
}

#[test]
fn a_club_cut_short_or_missing_and_the_country_layout_survive() {
    // The 2016 list's 56-character row: an empty club written as two blanks.
    let short = format!("{:<38}{:>5} - 0637009   ", "BON Maxence", -1600);
    assert_eq!(short.len(), 56);
    // A row that stops after the licence.
    let bare = format!("{:<38}{:>5} - 0637010", "BON Marc", -1600);
    let text = format!("#Echelle au 23/04/2016\r\n{short}\r\n{bare}");
    let l = parse(&text);
    assert_eq!(l.to_text(), text);
    assert_eq!(l.row(0).map(Row::club), Some(Club::Empty));
    assert_eq!(l.row(0).and_then(|r| r.club.clone()).as_deref(), Some("  "));
    assert_eq!(l.row(1).and_then(|r| r.club.clone()), None);
    let v16 = format!(
        "#Echelle au 31/10/2024 15:49:38\r\n{}\r\n{}",
        line("AAIJ René", 268, 'e', "-------", "xxxx", Some("NL")),
        line("ZYSK Antoine", -2300, '-', "1250009", "27An", Some("FR"))
    );
    let l = parse(&v16);
    assert_eq!(l.to_text(), v16);
    assert_eq!(l.layout(), Layout::Country);
    assert_eq!(l.date().time, Some((15, 49, 38)));
    assert_eq!(
        l.row(0).and_then(|r| r.country.clone()).as_deref(),
        Some("NL")
    );
    assert_eq!(l.row(0).map(Row::club), Some(Club::Placeholder));
}

#[test]
fn duplicate_licences_underscores_and_other_statuses_are_kept() {
    let text = [
        "#Echelle au 7/11/2006".to_string(),
        line("DE_MASSIAS Jean-François", 5, 'C', "1200009", "75Pa", None),
        line("DUPONT Jean_Michel", 0, 'X', "1200009", "00L1", None),
        line("MOREAU Léa", 850, 'L', "99A9999", "31To", None),
    ]
    .join("\r\n");
    let l = parse(&text);
    assert_eq!(l.to_text(), text);
    assert_eq!(l.date().day, 7);
    let r0 = l.row(0).cloned().unwrap_or_else(|| panic!());
    assert_eq!(r0.status, Status::Other('C'));
    assert_eq!(r0.display_name(), "DE MASSIAS Jean-François");
    assert_eq!(r0.parts(), ("DE_MASSIAS", "Jean-François"));
    assert_eq!(l.row(1).map(|r| r.level), Some(Some(0)));
    assert_eq!(
        l.row(2).and_then(|r| r.licence.clone()).as_deref(),
        Some("99A9999")
    );
}

#[test]
fn latin1_utf8_and_latin9_bytes_read_into_the_same_rows() {
    let text = published();
    let latin1: Vec<u8> = text::encode_latin1(&text).unwrap_or_default();
    let from_latin1 = LadderList::read(&latin1).unwrap_or_else(|e| panic!("{e}"));
    let from_utf8 = LadderList::read(text.as_bytes()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(from_latin1.encoding(), TextEncoding::Latin1);
    assert_eq!(from_utf8.encoding(), TextEncoding::Utf8);
    assert!(from_latin1.rows().eq(from_utf8.rows()));
    // Both are written in ISO-8859-1: the Latin-1 bytes come back.
    assert_eq!(from_latin1.to_latin1(), Ok(latin1.clone()));
    assert_eq!(from_utf8.to_latin1(), Ok(latin1));
    // A Latin-9 `œ` (0xBD) reads as `½`, is written back as the same byte, and is pointed out.
    let l9 = [
        b"#Echelle au 01/01/2020\r\n".to_vec(),
        text::encode_latin1(&line("C\u{BD}UR Anne", 1, '-', "0000001", "31To", None))
            .unwrap_or_default(),
    ]
    .concat();
    let l = LadderList::read(&l9).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(l.to_latin1(), Ok(l9));
    assert_eq!(l.latin9_ambiguous_lines(), vec![2]);
}

#[test]
fn a_name_latin1_cannot_hold_is_an_error_naming_it() {
    let mut l = parse(&published());
    l.insert_all(vec![Row {
        name: "NGUYỄN François".into(),
        level: Some(-500),
        status: Status::Unlicensed,
        licence: None,
        club: Some("XXXX".into()),
        country: None,
    }]);
    let err = l.to_latin1().err();
    assert_eq!(
        err.as_ref().map(|e| (e.name.as_str(), e.problem.clone())),
        Some(("NGUYỄN François", WriteProblem::NotLatin1('Ễ')))
    );
    assert!(err.is_some_and(|e| e.to_string().contains("NGUYỄN François")));
}

#[test]
fn rows_out_of_columns_are_errors_with_their_line() {
    let ok = line("A B", 1, '-', "0000001", "31To", None);
    let cases = [
        (
            format!("{:<38}{:>5} - 00001", "A B", 1),
            ListProblem::Short(51),
        ),
        (
            format!("{:<38}  1x2 - 0000001 31To", "A B"),
            ListProblem::Level("  1x2".into()),
        ),
        // Left-aligned level: readable, but not in the columns.
        (
            format!("{:<38}{:<5} - 0000001 31To", "A B", 1),
            ListProblem::Level("1    ".into()),
        ),
        (
            format!("{:<38}{:>5}  - 0000001 31To", "A B", 1),
            ListProblem::Status,
        ),
        (
            format!("{:<38}{:>5} - 00-0001 31To", "A B", 1),
            ListProblem::Licence("00-0001".into()),
        ),
        (
            format!("{:<38}{:>5} -x0000001 31To", "A B", 1),
            ListProblem::Separator(45),
        ),
        (
            format!("{:<38}{:>5} - 0000001 31To  FR", "A B", 1),
            ListProblem::NotInColumns,
        ),
        (format!("{:<38}{:>5} - 0000001", "", 1), ListProblem::Name),
    ];
    for (bad, problem) in cases {
        let text = format!("#Echelle au 01/01/2020\r\n{ok}\r\n{bad}\r\n{ok}");
        assert_eq!(
            LadderList::parse(&text).err(),
            Some(ListError { line: 3, problem }),
            "{bad:?}"
        );
    }
    let e = LadderList::parse("Echelle\r\n").err();
    assert_eq!(e.map(|e| e.line), Some(1));
    assert_eq!(
        LadderList::parse("#Echelle au 31/13/2020")
            .err()
            .map(|e| e.line),
        Some(1)
    );
    assert!(LadderList::parse("").is_err());
}

#[test]
fn new_rows_merge_in_the_federation_order_and_old_rows_never_move() {
    let rows = [
        "BENOIT Thibault",
        "BENOIT_A_LA_GUILLAUME Michel",
        // Out of order on the published list (a real `_` in the database): stays put.
        "DEZECOT Valentin",
        "DE_CREVOISIER Alban",
        "SCHYN François",
        "SCHÄFERS Julien",
        "ZYSK Antoine",
    ];
    let text = std::iter::once("#Echelle au 01/01/2020".to_string())
        .chain(
            rows.iter()
                .map(|n| line(n, 1, '-', "0000001", "31To", None)),
        )
        .collect::<Vec<_>>()
        .join("\r\n");
    let mut l = parse(&text);
    let new = |name: &str| Row {
        name: name.into(),
        level: Some(-1500),
        status: Status::Unlicensed,
        licence: None,
        club: Some("XXXX".into()),
        country: None,
    };
    l.insert_all(
        [
            "ÅBERG Søren",
            "benoit Anne",
            "SCHUBERT Ute",
            "DUBOIS Jérôme",
            "BENOIT_A Paul",
        ]
        .into_iter()
        .map(new)
        .collect(),
    );
    let names: Vec<&str> = l.rows().map(|(_, r)| r.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "benoit Anne",
            "BENOIT Thibault",
            "BENOIT_A Paul",
            "BENOIT_A_LA_GUILLAUME Michel",
            "DEZECOT Valentin",
            "DE_CREVOISIER Alban",
            "DUBOIS Jérôme",
            "SCHUBERT Ute",
            "SCHYN François",
            "SCHÄFERS Julien",
            "ZYSK Antoine",
            "ÅBERG Søren",
        ]
    );
    // The merged list ends as it did: no ending after the last row.
    assert!(!l.to_text().ends_with('\n'));
    assert_eq!(l.to_text().matches("\r\n").count(), names.len());
}

#[test]
fn swedish_weights_put_the_nordic_letters_after_z() {
    assert!(order_key("VYGEN Jens") < order_key("VÖLKER Frédéric"));
    assert!(order_key("WYNNE Jeremy") < order_key("WÜTHRICH Guillaume"));
    assert!(order_key("ZZ A") < order_key("ÅA A"));
    assert!(order_key("ÅA A") < order_key("ÄA A"));
    assert!(order_key("ÄA A") < order_key("ÖA A"));
    assert_eq!(order_key("ANDRÉ Céline").0, order_key("andre X").0);
}

#[test]
fn dates_read_both_ways_and_write_the_header_form() {
    let d = ListDate::parse("2025-06-30").unwrap_or_else(|| panic!());
    assert_eq!(d.to_string(), "30/06/2025");
    assert_eq!(ListDate::parse("30/06/2025"), Some(d));
    let t = ListDate::parse("31/10/2024 15:49:38").unwrap_or_else(|| panic!());
    assert_eq!(t.to_string(), "31/10/2024 15:49:38");
    assert_eq!(ListDate::parse("2024-10-31T15:49:38"), Some(t));
    for bad in [
        "2025-13-01",
        "32/01/2025",
        "2025-06",
        "25-06-30",
        "30/06/2025 25:00:00",
        "",
    ] {
        assert_eq!(ListDate::parse(bad), None, "{bad}");
    }
    let mut l = parse(&published());
    l.set_date(t);
    assert!(
        l.to_text()
            .starts_with("#Echelle au 31/10/2024 15:49:38\r\nAAIJ")
    );
    assert_eq!(LadderList::empty(d).to_text(), "#Echelle au 30/06/2025");
}
