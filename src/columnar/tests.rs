use super::*;
use crate::output::{ErrorEntry, ErrorKind, Status};
use parquet::basic::{LogicalType, Type as PhysicalType};
use parquet::file::reader::{FileReader, SerializedFileReader};
use parquet::record::Field as Cell;

fn read(bytes: Vec<u8>) -> SerializedFileReader<bytes::Bytes> {
    match SerializedFileReader::new(bytes::Bytes::from(bytes)) {
        Ok(r) => r,
        Err(e) => panic!("not a readable Parquet file: {e}"),
    }
}

fn written(reports: &[GameReport]) -> Vec<u8> {
    match write_parquet(Vec::new(), reports) {
        Ok(out) => out,
        Err(e) => panic!("cannot write: {e}"),
    }
}

#[test]
fn a_full_day_is_a_date_and_a_month_or_a_bad_day_is_not() {
    assert_eq!(day("1970-01-01"), Some(0));
    assert_eq!(day("1969-12-31"), Some(-1));
    assert_eq!(day("2000-02-29"), Some(11_016));
    assert_eq!(day("2025-03-19"), Some(20_166));
    assert_eq!(day("1600-03-01"), Some(-135_080));
    for not_a_day in [
        "2023-02-29",
        "2025-13-01",
        "2025-04-31",
        "2025-00-10",
        "2025-03",
        "1996",
        "",
    ] {
        assert_eq!(day(not_a_day), None, "{not_a_day}");
    }
}

#[test]
fn the_schema_parses_and_names_every_documented_column_with_its_type() {
    let fields = fields();
    let schema = match parse_message_type(&schema_text(&fields)) {
        Ok(s) => parquet::schema::types::SchemaDescriptor::new(Arc::new(s)),
        Err(e) => panic!("{e}"),
    };
    let docs = column_docs();
    assert_eq!(schema.num_columns(), docs.len());
    for (i, doc) in docs.iter().enumerate() {
        let c = schema.column(i);
        let path = c.path().string();
        // Each list level is `x.list.element` in the file and `x[]` in the docs (a plain
        // list's leaf is `name.list.element`, a struct field's `name.list.element.field`).
        assert_eq!(
            path.replace(".list.element", ""),
            doc.name.replace("[]", ""),
            "{path} vs {}",
            doc.name
        );
        let (physical, logical) = match doc.sql_type.trim_end_matches("[]") {
            "VARCHAR" => (PhysicalType::BYTE_ARRAY, Some(LogicalType::String)),
            "BIGINT" => (PhysicalType::INT64, None),
            "DOUBLE" => (PhysicalType::DOUBLE, None),
            "BOOLEAN" => (PhysicalType::BOOLEAN, None),
            "DATE" => (PhysicalType::INT32, Some(LogicalType::Date)),
            other => panic!("undocumented type {other}"),
        };
        assert_eq!(c.physical_type(), physical, "{path}");
        assert_eq!(c.logical_type_ref().cloned(), logical, "{path}");
        // Every list level, the struct's and the field's own, repeats.
        let lists = doc.sql_type.matches("[]").count() + doc.name.matches("[]").count();
        assert_eq!(c.max_rep_level() as usize, lists, "{path}");
    }
}

#[test]
fn every_report_is_a_row_and_values_read_back_with_their_types() {
    let mut failed = GameReport::error(
        "dir/broken.sgf",
        None,
        ErrorEntry {
            kind: ErrorKind::Read,
            message: "cut short".into(),
        },
    );
    failed.warnings.push("a repair".into());
    let ok = GameReport::bare("dir/a.sgf", Some(3), Status::Ok);
    let bytes = written(&[failed, ok]);
    let reader = read(bytes);
    assert_eq!(reader.metadata().file_metadata().num_rows(), 2);
    assert_eq!(
        reader.metadata().file_metadata().created_by(),
        Some(concat!("echelle version ", env!("CARGO_PKG_VERSION")))
    );
    let rows: Vec<_> = match reader.get_row_iter(None) {
        Ok(it) => it.filter_map(Result::ok).collect(),
        Err(e) => panic!("{e}"),
    };
    assert_eq!(rows.len(), 2);
    let cell = |row: usize, name: &str| {
        rows[row]
            .get_column_iter()
            .find(|(n, _)| n.as_str() == name)
            .map(|(_, f)| f.clone())
    };
    assert_eq!(cell(0, "file"), Some(Cell::Str("dir/broken.sgf".into())));
    assert_eq!(cell(0, "game"), Some(Cell::Null));
    assert_eq!(cell(1, "game"), Some(Cell::Long(3)));
    assert_eq!(cell(0, "status"), Some(Cell::Str("error".into())));
    assert_eq!(cell(1, "verdict"), Some(Cell::Null));
    let errors = format!("{:?}", cell(0, "errors"));
    assert!(
        errors.contains("\"read\"") && errors.contains("\"cut short\""),
        "{errors}"
    );
    let warnings = format!("{:?}", cell(0, "warnings"));
    assert!(warnings.contains("\"a repair\""), "{warnings}");
    // An empty list is a list, not null: `errors` is never null.
    assert!(matches!(cell(1, "errors"), Some(Cell::ListInternal(l)) if l.elements().is_empty()));
    assert_eq!(cell(1, "violations"), Some(Cell::Null));
}

#[test]
fn row_groups_close_on_their_byte_budget_and_the_bytes_are_the_same_every_time() {
    // Four reports of ~10 MB of warnings: a group closes once 24 MB are buffered.
    let big = "w".repeat(1 << 20);
    let reports: Vec<GameReport> = (0..4)
        .map(|i| {
            let mut r = GameReport::bare(&format!("g{i}.sgf"), Some(0), Status::Repaired);
            r.warnings = vec![big.clone(); 10];
            r
        })
        .collect();
    let bytes = written(&reports);
    assert_eq!(bytes, written(&reports), "not deterministic");
    let reader = read(bytes);
    let groups: Vec<i64> = reader
        .metadata()
        .row_groups()
        .iter()
        .map(|g| g.num_rows())
        .collect();
    assert_eq!(groups, vec![3, 1]);
}

#[test]
fn no_report_gives_an_empty_but_valid_file() {
    let reader = read(written(&[]));
    assert_eq!(reader.metadata().file_metadata().num_rows(), 0);
    assert_eq!(
        reader
            .metadata()
            .file_metadata()
            .schema_descr()
            .num_columns(),
        column_docs().len()
    );
}

#[test]
fn a_list_of_lists_has_the_levels_of_the_standard_layout() {
    // Definition: 0 null, 1 empty outer list, 2 empty inner list, 3 an element (4 when
    // elements may be null and this one is present); repetition: 0 a new row, 1 a new inner
    // list, 2 the next element of an inner list.
    let mut b = Buffer::<i64>::default();
    b.lists(None, false);
    b.lists(Some(vec![]), false);
    b.lists(
        Some(vec![vec![Some(1), Some(2)], vec![], vec![Some(3)]]),
        false,
    );
    assert_eq!(b.values, vec![1, 2, 3]);
    assert_eq!(b.def, vec![0, 1, 3, 3, 2, 3]);
    assert_eq!(b.rep, vec![0, 0, 0, 2, 1, 1]);
    let mut n = Buffer::<i64>::default();
    n.lists(Some(vec![vec![None, Some(7)]]), true);
    assert_eq!((n.values, n.def, n.rep), (vec![7], vec![3, 4], vec![0, 2]));
}

#[test]
fn a_stream_of_small_files_holds_the_rows_of_one_file_in_order() {
    let reports: Vec<GameReport> = (0..CHUNK_ROWS * 2 + 5)
        .map(|i| GameReport::bare(&format!("g{i}.sgf"), Some(0), Status::Ok))
        .collect();
    let mut chunks = match ParquetChunks::new() {
        Ok(c) => c,
        Err(e) => panic!("{e}"),
    };
    let mut files = Vec::new();
    for r in &reports {
        match chunks.push(r) {
            Ok(file) => files.extend(file),
            Err(e) => panic!("{e}"),
        }
    }
    match chunks.finish() {
        Ok(file) => files.extend(file),
        Err(e) => panic!("{e}"),
    }
    let rows: Vec<i64> = files
        .iter()
        .map(|f| read(f.clone()).metadata().file_metadata().num_rows())
        .collect();
    assert_eq!(rows, vec![CHUNK_ROWS as i64, CHUNK_ROWS as i64, 5]);
    let names: Vec<String> = files
        .into_iter()
        .flat_map(|f| {
            let reader = read(f);
            let rows: Vec<_> = match reader.get_row_iter(None) {
                Ok(it) => it.filter_map(Result::ok).collect(),
                Err(e) => panic!("{e}"),
            };
            rows.into_iter()
                .filter_map(|row| match row.get_column_iter().next() {
                    Some((_, Cell::Str(s))) => Some(s.clone()),
                    _ => None,
                })
                .collect::<Vec<_>>()
        })
        .collect();
    let want: Vec<String> = reports.iter().map(|r| r.file.clone()).collect();
    assert_eq!(names, want);
}

#[test]
fn a_stream_without_rows_gives_the_schema_and_a_full_stream_no_empty_file() {
    let empty = match ParquetChunks::new().and_then(ParquetChunks::finish) {
        Ok(Some(file)) => file,
        Ok(None) => panic!("no file"),
        Err(e) => panic!("{e}"),
    };
    let reader = read(empty);
    assert_eq!(reader.metadata().file_metadata().num_rows(), 0);
    assert_eq!(
        reader
            .metadata()
            .file_metadata()
            .schema_descr()
            .num_columns(),
        column_docs().len()
    );
    // Exactly one group's worth: its file went out with the last push, none is left.
    let mut chunks = match ParquetChunks::new() {
        Ok(c) => c,
        Err(e) => panic!("{e}"),
    };
    let mut given = 0;
    for i in 0..CHUNK_ROWS {
        let r = GameReport::bare(&format!("g{i}.sgf"), Some(0), Status::Ok);
        if matches!(chunks.push(&r), Ok(Some(_))) {
            given += 1;
        }
    }
    assert_eq!(given, 1);
    assert!(matches!(chunks.finish(), Ok(None)));
}
