//! The analysis records as a columnar table: a Parquet file with one row per record.
//!
//! Every field of the JSON record (README, "Output schema of `analyze`") is a column. Objects
//! are flattened into scalar columns named by their path (`score.french.margin` →
//! `score_french_margin`); a list of scalars is a `LIST` column (`warnings`,
//! `score_dead_stones_black`); a list of objects is a `LIST` of `STRUCT` (`errors`,
//! `violations`), which DuckDB reads as `STRUCT(...)[]` and pyarrow as `list<struct<…>>`.
//! Integers are `INT64`, numbers `DOUBLE`, flags `BOOLEAN`, names and enum values `STRING`;
//! a date is a `DATE` when a whole day is known, beside its text as the JSON has it. A value
//! absent from the JSON is null; a list the JSON always holds (`errors`, `warnings`) is never
//! null.
//!
//! Rows are buffered and written as row groups of at most [`ROW_GROUP_ROWS`] rows or about
//! [`ROW_GROUP_BYTES`] of values, whichever comes first, so memory does not grow with the
//! batch; the groups depend only on the records, and the file carries no time or
//! machine-dependent field: the same records give the same bytes. Snappy compression (pure
//! Rust) and dictionary encoding, parquet-rs's defaults.

use crate::output::{GameReport, label};
use crate::scoring::Count;
use parquet::basic::Compression;
use parquet::data_type::{BoolType, ByteArray, ByteArrayType, DoubleType, Int32Type, Int64Type};
use parquet::errors::ParquetError;
use parquet::file::properties::WriterProperties;
use parquet::file::writer::SerializedFileWriter;
use parquet::schema::parser::parse_message_type;
use std::fmt::Write as _;
use std::io::Write;
use std::sync::Arc;

/// Rows per row group at most: DuckDB and pyarrow split their work by row group.
pub const ROW_GROUP_ROWS: usize = 65_536;
/// Buffered bytes per row group at most (values with their allocation overhead, roughly):
/// rows are held until their group is written, so this bounds the writer's memory.
pub const ROW_GROUP_BYTES: usize = 24 << 20;
/// What one buffered value costs besides its bytes: its `ByteArray` and allocation.
const VALUE_OVERHEAD: usize = 48;

/// Why a Parquet table could not be written.
#[derive(Debug)]
pub enum ColumnarError {
    /// The Parquet writer failed: most often the output could not be written.
    Parquet(ParquetError),
}

impl std::fmt::Display for ColumnarError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ColumnarError::Parquet(e) => write!(f, "cannot write the Parquet file: {e}"),
        }
    }
}

impl std::error::Error for ColumnarError {}

impl From<ParquetError> for ColumnarError {
    fn from(e: ParquetError) -> Self {
        ColumnarError::Parquet(e)
    }
}

impl From<ColumnarError> for std::io::Error {
    fn from(e: ColumnarError) -> Self {
        match e {
            ColumnarError::Parquet(ParquetError::External(inner)) => {
                match inner.downcast::<std::io::Error>() {
                    Ok(io) => *io,
                    Err(other) => std::io::Error::other(other),
                }
            }
            other => std::io::Error::other(other.to_string()),
        }
    }
}

/// How a column reads its values from a report: one value, or a list of them (an element
/// is `None` only in a column whose elements may be null).
#[derive(Clone, Copy)]
enum Get {
    Str(fn(&GameReport) -> Option<String>),
    Int(fn(&GameReport) -> Option<i64>),
    Float(fn(&GameReport) -> Option<f64>),
    Bool(fn(&GameReport) -> Option<bool>),
    /// Days since 1970-01-01.
    Date(fn(&GameReport) -> Option<i32>),
    Strs(fn(&GameReport) -> Option<Vec<Option<String>>>),
    Ints(fn(&GameReport) -> Option<Vec<Option<i64>>>),
}

impl Get {
    fn is_list(self) -> bool {
        matches!(self, Get::Strs(_) | Get::Ints(_))
    }

    /// The Parquet type of one value, as the schema language writes it.
    fn parquet_type(self) -> &'static str {
        match self {
            Get::Str(_) | Get::Strs(_) => "binary",
            Get::Int(_) | Get::Ints(_) => "int64",
            Get::Float(_) => "double",
            Get::Bool(_) => "boolean",
            Get::Date(_) => "int32",
        }
    }

    fn annotation(self) -> &'static str {
        match self {
            Get::Str(_) | Get::Strs(_) => " (STRING)",
            Get::Date(_) => " (DATE)",
            _ => "",
        }
    }

    /// The type as DuckDB shows it, for the documentation.
    fn sql_type(self) -> &'static str {
        match self {
            Get::Str(_) => "VARCHAR",
            Get::Int(_) => "BIGINT",
            Get::Float(_) => "DOUBLE",
            Get::Bool(_) => "BOOLEAN",
            Get::Date(_) => "DATE",
            Get::Strs(_) => "VARCHAR[]",
            Get::Ints(_) => "BIGINT[]",
        }
    }
}

/// One leaf column.
#[derive(Clone, Copy)]
struct Leaf {
    /// Its name (inside a list of structs: the struct field's name).
    name: &'static str,
    /// The JSON field it holds, as a path (`score.french.margin`, `violations[].kind`).
    json: &'static str,
    get: Get,
    /// For a list column: whether an element may be null.
    nullable_elements: bool,
}

/// A top-level column of the schema.
enum Field {
    /// One value per row (`Get::Str`…), or a list of values (`Get::Strs`…).
    Plain(Leaf),
    /// A list of structs: its name and the struct's fields, each a list getter giving one
    /// element per struct.
    Records(&'static str, Vec<Leaf>),
}

fn leaf(name: &'static str, json: &'static str, get: Get) -> Field {
    Field::Plain(Leaf {
        name,
        json,
        get,
        nullable_elements: false,
    })
}

fn record_field(name: &'static str, json: &'static str, get: Get, nullable: bool) -> Leaf {
    Leaf {
        name,
        json,
        get,
        nullable_elements: nullable,
    }
}

fn french(r: &GameReport) -> Option<&Count> {
    r.score.as_ref().map(|s| &s.french)
}

fn recorded_rules(r: &GameReport) -> Option<&Count> {
    r.score.as_ref().and_then(|s| s.recorded_rules.as_ref())
}

fn quick_count(r: &GameReport) -> Option<&Count> {
    r.score.as_ref().map(|s| &s.quick_count)
}

/// A list of strings whose elements are never null.
fn strings(list: &[String]) -> Vec<Option<String>> {
    list.iter().cloned().map(Some).collect()
}

/// The seven columns of one count (`score.french` …).
macro_rules! count_columns {
    ($fields:ident, $prefix:literal, $json:literal, $count:path) => {
        $fields.extend([
            leaf(
                concat!($prefix, "_rules"),
                concat!($json, ".rules"),
                Get::Str(|r| $count(r).map(|c| label(&c.rules))),
            ),
            leaf(
                concat!($prefix, "_black"),
                concat!($json, ".black"),
                Get::Float(|r| $count(r).map(|c| c.black)),
            ),
            leaf(
                concat!($prefix, "_white"),
                concat!($json, ".white"),
                Get::Float(|r| $count(r).map(|c| c.white)),
            ),
            leaf(
                concat!($prefix, "_komi"),
                concat!($json, ".komi"),
                Get::Float(|r| $count(r).map(|c| c.komi)),
            ),
            leaf(
                concat!($prefix, "_compensation"),
                concat!($json, ".compensation"),
                Get::Float(|r| $count(r).map(|c| c.compensation)),
            ),
            leaf(
                concat!($prefix, "_margin"),
                concat!($json, ".margin"),
                Get::Float(|r| $count(r).map(|c| c.margin)),
            ),
            leaf(
                concat!($prefix, "_winner"),
                concat!($json, ".winner"),
                Get::Str(|r| $count(r).map(|c| label(&c.winner))),
            ),
        ])
    };
}

/// The schema, column by column, in the order of the JSON record.
fn fields() -> Vec<Field> {
    let mut f = vec![
        leaf("file", "file", Get::Str(|r| Some(r.file.clone()))),
        leaf("game", "game", Get::Int(|r| r.game.map(i64::from))),
        leaf("status", "status", Get::Str(|r| Some(label(&r.status)))),
        Field::Records(
            "errors",
            vec![
                record_field(
                    "kind",
                    "errors[].kind",
                    Get::Strs(|r| {
                        Some(
                            r.errors
                                .iter()
                                .map(|e| Some(e.kind.name().into()))
                                .collect(),
                        )
                    }),
                    false,
                ),
                record_field(
                    "message",
                    "errors[].message",
                    Get::Strs(|r| Some(r.errors.iter().map(|e| Some(e.message.clone())).collect())),
                    false,
                ),
            ],
        ),
        leaf(
            "warnings",
            "warnings[]",
            Get::Strs(|r| Some(strings(&r.warnings))),
        ),
        leaf(
            "encoding_name",
            "encoding.name",
            Get::Str(|r| r.encoding.as_ref().map(|e| e.name.clone())),
        ),
        leaf(
            "encoding_source",
            "encoding.source",
            Get::Str(|r| r.encoding.as_ref().map(|e| label(&e.source))),
        ),
        leaf(
            "encoding_declared",
            "encoding.declared",
            Get::Str(|r| r.encoding.as_ref().and_then(|e| e.declared.clone())),
        ),
        leaf(
            "encoding_replaced",
            "encoding.replaced",
            Get::Bool(|r| r.encoding.as_ref().map(|e| e.replaced)),
        ),
        leaf(
            "size_width",
            "size.width",
            Get::Int(|r| r.facts.as_ref().map(|f| i64::from(f.size.width))),
        ),
        leaf(
            "size_height",
            "size.height",
            Get::Int(|r| r.facts.as_ref().map(|f| i64::from(f.size.height))),
        ),
        leaf(
            "black_name",
            "black.name",
            Get::Str(|r| r.facts.as_ref().and_then(|f| f.black.name.clone())),
        ),
        leaf(
            "black_rank",
            "black.rank",
            Get::Str(|r| r.facts.as_ref().and_then(|f| f.black.rank.clone())),
        ),
        leaf(
            "white_name",
            "white.name",
            Get::Str(|r| r.facts.as_ref().and_then(|f| f.white.name.clone())),
        ),
        leaf(
            "white_rank",
            "white.rank",
            Get::Str(|r| r.facts.as_ref().and_then(|f| f.white.rank.clone())),
        ),
        leaf(
            "date_first",
            "date.first",
            Get::Date(|r| day(date(r)?.first.as_deref()?)),
        ),
        leaf(
            "date_first_text",
            "date.first",
            Get::Str(|r| date(r)?.first.clone()),
        ),
        leaf(
            "date_last",
            "date.last",
            Get::Date(|r| day(date(r)?.last.as_deref()?)),
        ),
        leaf(
            "date_last_text",
            "date.last",
            Get::Str(|r| date(r)?.last.clone()),
        ),
        leaf(
            "date_raw",
            "date.raw",
            Get::Str(|r| Some(date(r)?.raw.clone())),
        ),
        leaf(
            "event",
            "event",
            Get::Str(|r| r.facts.as_ref()?.event.clone()),
        ),
        leaf(
            "round",
            "round",
            Get::Str(|r| r.facts.as_ref()?.round.clone()),
        ),
        leaf(
            "place",
            "place",
            Get::Str(|r| r.facts.as_ref()?.place.clone()),
        ),
        leaf(
            "rules_name",
            "rules.name",
            Get::Str(|r| r.facts.as_ref().map(|f| label(&f.rules.name))),
        ),
        leaf(
            "rules_raw",
            "rules.raw",
            Get::Str(|r| r.facts.as_ref()?.rules.raw.clone()),
        ),
        leaf(
            "komi_value",
            "komi.value",
            Get::Float(|r| r.facts.as_ref()?.komi.value),
        ),
        leaf(
            "komi_raw",
            "komi.raw",
            Get::Str(|r| r.facts.as_ref()?.komi.raw.clone()),
        ),
        leaf(
            "komi_scaled",
            "komi.scaled",
            Get::Bool(|r| r.facts.as_ref().map(|f| f.komi.scaled)),
        ),
        leaf(
            "handicap_stones",
            "handicap.stones",
            Get::Int(|r| r.handicap.as_ref().map(|h| i64::from(h.stones))),
        ),
        leaf(
            "handicap_declared",
            "handicap.declared",
            Get::Int(|r| r.handicap.as_ref()?.declared),
        ),
        leaf(
            "handicap_source",
            "handicap.source",
            Get::Str(|r| r.handicap.as_ref().map(|h| label(&h.source))),
        ),
        leaf(
            "handicap_consistent",
            "handicap.consistent",
            Get::Bool(|r| r.handicap.as_ref().map(|h| h.consistent)),
        ),
        leaf("moves", "moves", Get::Int(|r| r.moves.map(i64::from))),
        leaf("passes", "passes", Get::Int(|r| r.passes.map(i64::from))),
        leaf(
            "ended_by_passes",
            "ended_by_passes",
            Get::Bool(|r| r.ended_by_passes),
        ),
        leaf(
            "captures_black",
            "captures.black",
            Get::Int(|r| r.captures.map(|c| i64::from(c.black))),
        ),
        leaf(
            "captures_white",
            "captures.white",
            Get::Int(|r| r.captures.map(|c| i64::from(c.white))),
        ),
        Field::Records(
            "violations",
            vec![
                record_field(
                    "move",
                    "violations[].move",
                    Get::Ints(|r| {
                        let v = r.violations.as_ref()?;
                        Some(v.iter().map(|x| Some(i64::from(x.move_number))).collect())
                    }),
                    false,
                ),
                record_field(
                    "color",
                    "violations[].color",
                    Get::Strs(|r| {
                        let v = r.violations.as_ref()?;
                        Some(v.iter().map(|x| Some(label(&x.color))).collect())
                    }),
                    false,
                ),
                record_field(
                    "point",
                    "violations[].point",
                    Get::Strs(|r| {
                        let v = r.violations.as_ref()?;
                        Some(v.iter().map(|x| x.point.clone()).collect())
                    }),
                    true,
                ),
                record_field(
                    "kind",
                    "violations[].kind",
                    Get::Strs(|r| {
                        let v = r.violations.as_ref()?;
                        Some(v.iter().map(|x| Some(label(&x.kind))).collect())
                    }),
                    false,
                ),
            ],
        ),
        leaf(
            "ko_rule_dependent",
            "ko_rule_dependent[]",
            Get::Ints(|r| {
                let v = r.ko_rule_dependent.as_ref()?;
                Some(v.iter().map(|&m| Some(i64::from(m))).collect())
            }),
        ),
        leaf(
            "result_raw",
            "result.raw",
            Get::Str(|r| r.result.as_ref()?.raw.clone()),
        ),
        leaf(
            "result_winner",
            "result.winner",
            Get::Str(|r| r.result.as_ref().map(|x| label(&x.winner))),
        ),
        leaf(
            "result_kind",
            "result.kind",
            Get::Str(|r| r.result.as_ref()?.kind.map(|k| label(&k))),
        ),
        leaf(
            "result_margin",
            "result.margin",
            Get::Float(|r| r.result.as_ref()?.margin),
        ),
    ];
    count_columns!(f, "score_french", "score.french", french);
    count_columns!(
        f,
        "score_recorded_rules",
        "score.recorded_rules",
        recorded_rules
    );
    count_columns!(f, "score_quick_count", "score.quick_count", quick_count);
    f.extend([
        leaf(
            "score_quick_count_agrees",
            "score.quick_count_agrees",
            Get::Bool(|r| r.score.as_ref().map(|s| s.quick_count_agrees)),
        ),
        leaf(
            "score_quick_count_note",
            "score.quick_count_note",
            Get::Str(|r| r.score.as_ref()?.quick_count_note.clone()),
        ),
        leaf(
            "score_dead_stones_source",
            "score.dead_stones.source",
            Get::Str(|r| r.score.as_ref().map(|s| label(&s.dead_stones.source))),
        ),
        leaf(
            "score_dead_stones_confidence",
            "score.dead_stones.confidence",
            Get::Str(|r| r.score.as_ref().map(|s| label(&s.dead_stones.confidence))),
        ),
        leaf(
            "score_dead_stones_black",
            "score.dead_stones.black[]",
            Get::Strs(|r| Some(strings(&r.score.as_ref()?.dead_stones.black))),
        ),
        leaf(
            "score_dead_stones_white",
            "score.dead_stones.white[]",
            Get::Strs(|r| Some(strings(&r.score.as_ref()?.dead_stones.white))),
        ),
        leaf(
            "score_dead_stones_left_in_atari",
            "score.dead_stones.left_in_atari[]",
            Get::Strs(|r| Some(strings(&r.score.as_ref()?.dead_stones.left_in_atari))),
        ),
        leaf(
            "score_dead_stones_unsure",
            "score.dead_stones.unsure[]",
            Get::Strs(|r| Some(strings(&r.score.as_ref()?.dead_stones.unsure))),
        ),
        leaf(
            "score_seki",
            "score.seki[]",
            Get::Strs(|r| Some(strings(&r.score.as_ref()?.seki))),
        ),
        leaf(
            "score_komi_note",
            "score.komi_note",
            Get::Str(|r| r.score.as_ref()?.komi_note.clone()),
        ),
        leaf(
            "winner_color",
            "winner.color",
            Get::Str(|r| r.winner.as_ref().map(|w| label(&w.color))),
        ),
        leaf(
            "winner_margin",
            "winner.margin",
            Get::Float(|r| r.winner.as_ref()?.margin),
        ),
        leaf(
            "winner_source",
            "winner.source",
            Get::Str(|r| r.winner.as_ref().map(|w| w.source.name().to_string())),
        ),
        leaf(
            "winner_reason",
            "winner.reason",
            Get::Str(|r| r.winner.as_ref()?.reason.clone()),
        ),
        leaf(
            "verdict",
            "verdict",
            Get::Str(|r| r.verdict.map(|v| label(&v))),
        ),
    ]);
    f
}

fn date(r: &GameReport) -> Option<&crate::record::GameDate> {
    r.facts.as_ref()?.date.as_ref()
}

/// `YYYY-MM-DD` as days since 1970-01-01; `None` for a month, a year or no real day.
fn day(text: &str) -> Option<i32> {
    let mut parts = text.splitn(3, '-');
    let (y, m, d) = (parts.next()?, parts.next()?, parts.next()?);
    if y.len() != 4 || m.len() != 2 || d.len() != 2 {
        return None;
    }
    let (y, m, d): (i64, i64, i64) = (y.parse().ok()?, m.parse().ok()?, d.parse().ok()?);
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let days_in_month = match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return None,
    };
    if !(1..=days_in_month).contains(&d) {
        return None;
    }
    // Howard Hinnant's days_from_civil: March-based years put the leap day last.
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    i32::try_from(era * 146_097 + doe - 719_468).ok()
}

/// The leaf columns in schema order, each with its path and whether it is inside a list.
fn leaves(fields: &[Field]) -> Vec<Leaf> {
    let mut out = Vec::new();
    for f in fields {
        match f {
            Field::Plain(l) => out.push(*l),
            Field::Records(_, ls) => out.extend(ls.iter().copied()),
        }
    }
    out
}

/// The schema in Parquet's message-type language. Lists follow the standard three-level
/// layout (`optional group x (LIST) { repeated group list { element } }`), which every
/// reader maps to a list type.
fn schema_text(fields: &[Field]) -> String {
    let mut s = String::from("message echelle_game {\n");
    let value = |l: &Leaf, name: &str, repetition: &str| {
        format!(
            "{repetition} {} {name}{};",
            l.get.parquet_type(),
            l.get.annotation()
        )
    };
    for f in fields {
        match f {
            Field::Plain(l) if l.get.is_list() => {
                let element = if l.nullable_elements {
                    "optional"
                } else {
                    "required"
                };
                let _ = writeln!(
                    s,
                    "  optional group {} (LIST) {{ repeated group list {{ {} }} }}",
                    l.name,
                    value(l, "element", element)
                );
            }
            Field::Plain(l) => {
                let _ = writeln!(s, "  {}", value(l, l.name, "optional"));
            }
            Field::Records(name, ls) => {
                let _ = writeln!(
                    s,
                    "  optional group {name} (LIST) {{ repeated group list {{ required group element {{"
                );
                for l in ls {
                    let repetition = if l.nullable_elements {
                        "optional"
                    } else {
                        "required"
                    };
                    let _ = writeln!(s, "    {}", value(l, l.name, repetition));
                }
                let _ = writeln!(s, "  }} }} }}");
            }
        }
    }
    s.push_str("}\n");
    s
}

/// The schema `analyze -o FILE.parquet` writes, in Parquet's message-type language.
pub fn schema() -> String {
    schema_text(&fields())
}

/// One column as documented: its name as readers show it, its type in DuckDB's words, and
/// the JSON field it holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ColumnDoc {
    /// `komi_value`, or `errors[].kind` for a field of a list of structs.
    pub name: String,
    /// `BIGINT`, `DOUBLE`, `VARCHAR[]`, `STRUCT(kind VARCHAR, message VARCHAR)[]`'s fields…
    pub sql_type: String,
    /// The JSON field (`komi.value`, `errors[].kind`).
    pub json: String,
}

/// Every leaf column, in schema order, for the documentation (and a test that holds it to
/// the README).
pub fn column_docs() -> Vec<ColumnDoc> {
    let mut out = Vec::new();
    for f in fields() {
        match f {
            Field::Plain(l) => out.push(ColumnDoc {
                name: l.name.to_string(),
                sql_type: l.get.sql_type().to_string(),
                json: l.json.to_string(),
            }),
            Field::Records(name, ls) => out.extend(ls.iter().map(|l| ColumnDoc {
                name: format!("{name}[].{}", l.name),
                // Inside the struct a field is one value: its list type is the struct's.
                sql_type: l.get.sql_type().trim_end_matches("[]").to_string(),
                json: l.json.to_string(),
            })),
        }
    }
    out
}

/// One leaf column's buffered values with their Parquet levels.
struct Buffer<T> {
    values: Vec<T>,
    def: Vec<i16>,
    rep: Vec<i16>,
}

impl<T> Default for Buffer<T> {
    fn default() -> Self {
        Buffer {
            values: Vec::new(),
            def: Vec::new(),
            rep: Vec::new(),
        }
    }
}

impl<T> Buffer<T> {
    /// One optional value (definition level 1 when present).
    fn one(&mut self, v: Option<T>) {
        self.def.push(i16::from(v.is_some()));
        self.values.extend(v);
    }

    /// One optional list: null is level 0, an empty list 1, a null element 2, a value 2 or
    /// 3 (3 when elements may be null); the first element starts the row (repetition 0).
    fn list(&mut self, v: Option<Vec<Option<T>>>, nullable: bool) {
        let Some(list) = v else {
            self.def.push(0);
            self.rep.push(0);
            return;
        };
        if list.is_empty() {
            self.def.push(1);
            self.rep.push(0);
        }
        for (i, x) in list.into_iter().enumerate() {
            self.rep.push(i16::from(i > 0));
            match x {
                Some(x) => {
                    self.def.push(if nullable { 3 } else { 2 });
                    self.values.push(x);
                }
                None => self.def.push(2),
            }
        }
    }

    fn clear(&mut self) {
        self.values.clear();
        self.def.clear();
        self.rep.clear();
    }
}

/// A leaf column's buffer, by physical type.
enum Column {
    Str(Buffer<ByteArray>),
    Int(Buffer<i64>),
    Float(Buffer<f64>),
    Bool(Buffer<bool>),
    Date(Buffer<i32>),
}

impl Column {
    fn new(get: Get) -> Column {
        match get {
            Get::Str(_) | Get::Strs(_) => Column::Str(Buffer::default()),
            Get::Int(_) | Get::Ints(_) => Column::Int(Buffer::default()),
            Get::Float(_) => Column::Float(Buffer::default()),
            Get::Bool(_) => Column::Bool(Buffer::default()),
            Get::Date(_) => Column::Date(Buffer::default()),
        }
    }
}

/// What a string costs buffered.
fn cost(s: &Option<String>) -> usize {
    s.as_ref().map_or(0, String::len) + VALUE_OVERHEAD
}

fn bytes(s: String) -> ByteArray {
    ByteArray::from(s.into_bytes())
}

/// Appends one report's value(s) for `leaf` to its buffer; returns roughly the bytes added.
fn push_leaf(leaf: &Leaf, column: &mut Column, r: &GameReport) -> usize {
    match (leaf.get, column) {
        (Get::Str(get), Column::Str(b)) => {
            let v = get(r);
            let n = cost(&v);
            b.one(v.map(bytes));
            n
        }
        (Get::Strs(get), Column::Str(b)) => {
            let v = get(r);
            let n = v.as_ref().map_or(0, |l| l.iter().map(cost).sum()) + 4;
            b.list(
                v.map(|l| l.into_iter().map(|x| x.map(bytes)).collect()),
                leaf.nullable_elements,
            );
            n
        }
        (Get::Int(get), Column::Int(b)) => {
            b.one(get(r));
            10
        }
        (Get::Ints(get), Column::Int(b)) => {
            let v = get(r);
            let n = v.as_ref().map_or(0, Vec::len) * 12 + 4;
            b.list(v, leaf.nullable_elements);
            n
        }
        (Get::Float(get), Column::Float(b)) => {
            // As in the JSON, which writes a NaN or an infinity as null.
            b.one(get(r).filter(|x| x.is_finite()));
            10
        }
        (Get::Bool(get), Column::Bool(b)) => {
            b.one(get(r));
            3
        }
        (Get::Date(get), Column::Date(b)) => {
            b.one(get(r));
            6
        }
        // `Column::new` pairs every getter with its buffer type.
        _ => 0,
    }
}

/// Writes reports as a Parquet file, one row each, in the order pushed.
///
/// Rows are held until a row group is full ([`ROW_GROUP_ROWS`], [`ROW_GROUP_BYTES`]);
/// [`ParquetSink::finish`] writes the rest and the footer. A sink dropped without `finish`
/// leaves no valid file.
pub struct ParquetSink<W: Write + Send> {
    writer: SerializedFileWriter<W>,
    leaves: Vec<Leaf>,
    columns: Vec<Column>,
    rows: usize,
    bytes: usize,
    written: u64,
}

impl<W: Write + Send> ParquetSink<W> {
    /// A sink writing to `out`; the file's first bytes are written at once.
    pub fn new(out: W) -> Result<Self, ColumnarError> {
        let fields = fields();
        let schema = Arc::new(parse_message_type(&schema_text(&fields))?);
        let props = WriterProperties::builder()
            .set_compression(Compression::SNAPPY)
            // The library's version would change the bytes with every upgrade of parquet-rs.
            .set_created_by(format!("echelle version {}", env!("CARGO_PKG_VERSION")))
            .build();
        let writer = SerializedFileWriter::new(out, schema, Arc::new(props))?;
        let leaves = leaves(&fields);
        let columns = leaves.iter().map(|l| Column::new(l.get)).collect();
        Ok(ParquetSink {
            writer,
            leaves,
            columns,
            rows: 0,
            bytes: 0,
            written: 0,
        })
    }

    /// Adds one report as a row; writes a row group when one is full.
    pub fn push(&mut self, r: &GameReport) -> Result<(), ColumnarError> {
        for (leaf, column) in self.leaves.iter().zip(&mut self.columns) {
            self.bytes += push_leaf(leaf, column, r);
        }
        self.rows += 1;
        if self.rows >= ROW_GROUP_ROWS || self.bytes >= ROW_GROUP_BYTES {
            self.flush()?;
        }
        Ok(())
    }

    /// Rows pushed so far.
    pub fn rows(&self) -> u64 {
        self.written + self.rows as u64
    }

    /// Writes the buffered rows as one row group.
    fn flush(&mut self) -> Result<(), ColumnarError> {
        if self.rows == 0 {
            return Ok(());
        }
        let mut group = self.writer.next_row_group()?;
        for column in &mut self.columns {
            let Some(mut w) = group.next_column()? else {
                return Err(ParquetError::General("fewer columns than the schema".into()).into());
            };
            match column {
                Column::Str(b) => write::<ByteArrayType>(&mut w, b)?,
                Column::Int(b) => write::<Int64Type>(&mut w, b)?,
                Column::Float(b) => write::<DoubleType>(&mut w, b)?,
                Column::Bool(b) => write::<BoolType>(&mut w, b)?,
                Column::Date(b) => write::<Int32Type>(&mut w, b)?,
            }
            w.close()?;
        }
        group.close()?;
        self.written += self.rows as u64;
        self.rows = 0;
        self.bytes = 0;
        Ok(())
    }

    /// Writes the rows still buffered and the footer; gives back the output.
    pub fn finish(mut self) -> Result<W, ColumnarError> {
        self.flush()?;
        let mut out = self.writer.into_inner()?;
        out.flush()
            .map_err(|e| ParquetError::External(Box::new(e)))?;
        Ok(out)
    }
}

/// Writes one buffered leaf column and empties its buffer.
fn write<T: parquet::data_type::DataType>(
    w: &mut parquet::file::writer::SerializedColumnWriter<'_>,
    b: &mut Buffer<T::T>,
) -> Result<(), ParquetError> {
    let rep = (!b.rep.is_empty()).then_some(b.rep.as_slice());
    w.typed::<T>().write_batch(&b.values, Some(&b.def), rep)?;
    b.clear();
    Ok(())
}

/// Writes `reports` to `out` as one Parquet file (see [`ParquetSink`]); gives back `out`.
pub fn write_parquet<'a, W: Write + Send>(
    out: W,
    reports: impl IntoIterator<Item = &'a GameReport>,
) -> Result<W, ColumnarError> {
    let mut sink = ParquetSink::new(out)?;
    for r in reports {
        sink.push(r)?;
    }
    sink.finish()
}

#[cfg(test)]
mod tests;
