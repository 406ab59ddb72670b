"""File size and DuckDB query time, Parquet against JSON lines of the same `analyze` run.
Usage: parquet_duckdb.py GAMES.parquet GAMES.jsonl (the duckdb Python module: the engine of
the duckdb command). Each query runs in a fresh connection, 7 times; the median is printed."""

import os
import statistics
import sys
import time

import duckdb

parquet, jsonl = sys.argv[1:3]
tables = {
    "parquet": f"'{parquet}'",
    "jsonl": f"read_json_auto('{jsonl}', format='newline_delimited')",
}
queries = {
    "verdicts": "select verdict, count(*) from {t} group by 1 order by 1",
    "mean margin by rules": "select rules.name, avg(score.french.margin) from {t} group by 1 order by 1",
}
print(f"size: parquet {os.path.getsize(parquet):,} bytes, jsonl {os.path.getsize(jsonl):,} bytes")
for name, q in queries.items():
    answers = []
    for kind, t in tables.items():
        if kind == "parquet":
            q2 = q.replace("rules.name", "rules_name").replace("score.french.margin", "score_french_margin")
        else:
            q2 = q
        times = []
        for _ in range(7):
            con = duckdb.connect()
            start = time.perf_counter()
            rows = con.execute(q2.format(t=t)).fetchall()
            times.append(time.perf_counter() - start)
            con.close()
        answers.append(rows)
        print(f"{name:22} {kind:8} median {statistics.median(times) * 1000:8.1f} ms  ({len(rows)} rows)")
    print(f"{name:22} same answer from both: {answers[0] == answers[1]}")
