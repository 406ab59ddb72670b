"""Reads an `analyze` Parquet file with pyarrow, pandas and DuckDB and holds it to the JSON
lines of the same run: row count, the documented types, dates, and DuckDB queries answered
alike from both. Usage: parquet_check.py FILE.parquet FILE.jsonl COLUMNS.json
(COLUMNS.json: echelle's column_docs, [{name, sql_type, json}]). Exit status 1 on a failure."""

import datetime
import json
import sys

import duckdb
import pandas
import pyarrow as pa
import pyarrow.parquet as pq

parquet_path, jsonl_path, columns_path = sys.argv[1:4]
with open(columns_path, encoding="utf-8") as f:
    columns = json.load(f)
with open(jsonl_path, encoding="utf-8") as f:
    lines = [json.loads(line) for line in f]

failures = []


def check(ok, what):
    if not ok:
        failures.append(what)


ARROW = {
    "VARCHAR": pa.string(),
    "BIGINT": pa.int64(),
    "DOUBLE": pa.float64(),
    "BOOLEAN": pa.bool_(),
    "DATE": pa.date32(),
}


def arrow_type(sql):
    if sql.endswith("[]"):
        return pa.list_(arrow_type(sql[:-2]))
    return ARROW[sql]


# The documented columns, top-level: a list of structs gathers its fields.
expected = {}
for c in columns:
    if "[]." in c["name"]:
        top, field = c["name"].split("[].")
        expected.setdefault(top, []).append((field, arrow_type(c["sql_type"])))
    else:
        expected[c["name"]] = arrow_type(c["sql_type"])
for name, t in list(expected.items()):
    if isinstance(t, list):
        expected[name] = pa.list_(pa.struct(t))

# pyarrow: rows, types, nulls, dates.
table = pq.read_table(parquet_path)
check(table.num_rows == len(lines), f"pyarrow: {table.num_rows} rows, {len(lines)} JSON lines")
check(table.column_names == list(expected), f"columns {table.column_names}")
for name, t in expected.items():
    if name in table.column_names:
        got = table.schema.field(name).type
        # Writers name a list's element field differently; elements are never null (but
        # for a violation's point), which pyarrow shows as "not null".
        def plain(x):
            return str(x).replace("element: ", "item: ").replace(" not null", "")
        check(plain(got) == plain(t),
              f"pyarrow type of {name}: {got}, documented {t}")
for never_null in ["file", "status", "errors", "warnings"]:
    check(table.column(never_null).null_count == 0, f"{never_null} has nulls")
for which in ["first", "last"]:
    days = table.column(f"date_{which}").to_pylist()
    texts = table.column(f"date_{which}_text").to_pylist()
    for d, text in zip(days, texts):
        full = False
        if text is not None and len(text) == 10:
            try:
                full = datetime.date.fromisoformat(text) is not None
            except ValueError:
                pass
        check((d is not None) == full, f"date_{which} {d} for text {text!r}")
        check(d is None or d.isoformat() == text, f"date_{which} {d} vs {text!r}")
files = table.column("file").to_pylist()
check(files == [r["file"] for r in lines], "rows not in the JSON lines' order")

# pandas reads it with real types.
frame = pandas.read_parquet(parquet_path)
check(len(frame) == len(lines), f"pandas: {len(frame)} rows")
check(pandas.api.types.is_numeric_dtype(frame["moves"]), f"moves is {frame['moves'].dtype}")
check(pandas.api.types.is_bool_dtype(frame["encoding_replaced"].dropna().astype(bool)),
      "encoding_replaced")

# DuckDB: its own names for the types, then the same answers as from the JSON lines.
con = duckdb.connect()
p = parquet_path.replace("'", "''")
j = jsonl_path.replace("'", "''")
described = con.execute(f"describe select * from '{p}'").fetchall()
duck = {row[0]: row[1].replace('"', "") for row in described}
for c in columns:
    if "[]." in c["name"]:
        top = c["name"].split("[].")[0]
        fields = ", ".join(f"{d['name'].split('[].')[1]} {d['sql_type']}"
                           for d in columns if d["name"].startswith(top + "[]."))
        want = f"STRUCT({fields})[]"
        name = top
    else:
        name, want = c["name"], c["sql_type"]
    check(duck.get(name) == want, f"duckdb type of {name}: {duck.get(name)}, documented {want}")
check(con.execute(f"select count(*) from '{p}'").fetchone()[0] == len(lines), "duckdb count")

json_table = f"read_json_auto('{j}', format='newline_delimited')"
queries = [
    ("select verdict, count(*) from {t} group by 1 order by 1 nulls first",) * 2,
    ("select status, count(*), count(game) from {t} group by 1 order by 1",) * 2,
    ("select count(*), sum(moves), round(sum(score_french_margin), 3), "
     "round(sum(komi_value), 3), count(distinct black_name) from {t}",
     "select count(*), sum(moves), round(sum(score.french.margin), 3), "
     "round(sum(komi.value), 3), count(distinct black.name) from {t}"),
    ("select v.kind, count(*) from (select unnest(violations) as v from {t}) group by 1 order by 1",) * 2,
    ("select e.kind, count(*) from (select unnest(errors) as e from {t}) group by 1 order by 1",) * 2,
    ("select sum(len(score_dead_stones_black)), sum(len(warnings)) from {t}",
     "select sum(len(score.dead_stones.black)), sum(len(warnings)) from {t}"),
    ("select g.color, g.method, g.status, count(*), sum(len(g.points)), round(sum(g.kept), 3) "
     "from (select unnest(score_dead_stones_uncertain_groups) as g from {t}) group by all order by all",
     "select g.color, g.method, g.status, count(*), sum(len(g.points)), round(sum(g.kept), 3) "
     "from (select unnest(score.dead_stones.uncertain_groups) as g from {t}) group by all order by all"),
    ("select count(score_margin_range), round(sum(score_margin_range[1]), 3), "
     "round(sum(score_margin_range[2]), 3) from {t}",
     "select count(score.margin_range), round(sum(score.margin_range[1]), 3), "
     "round(sum(score.margin_range[2]), 3) from {t}"),
]
# A JSON field that no line holds gives DuckDB no column to query: such a query is skipped.
OPTIONAL = ["violations", "uncertain_groups", "margin_range"]
jsonl_text = open(jsonl_path, encoding="utf-8").read()
for i, (from_parquet, from_json) in enumerate(queries):
    try:
        a = con.execute(from_parquet.format(t=f"'{p}'")).fetchall()
        b = con.execute(from_json.format(t=json_table)).fetchall()
        check(a == b, f"{from_parquet}: {a} (parquet) vs {b} (JSON)")
        # The first three always have rows; the others may find no violation or error.
        check(i >= 3 or len(a) > 0, f"{from_parquet}: no rows")
    except duckdb.Error as e:
        if any(f in from_json and f'"{f}"' not in jsonl_text for f in OPTIONAL):
            continue
        check(False, f"{from_parquet}: {e}")

if failures:
    for f in failures[:40]:
        print("FAIL:", f)
    sys.exit(1)
print(f"ok: {len(lines)} rows, {len(columns)} columns, {len(queries)} queries alike")
