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
//! batch ([`ParquetChunks`] writes smaller groups, each as a file of its own, for a reader
//! that takes rows while the batch runs); the groups depend only on the records, and the file carries no time or
//! machine-dependent field: the same records give the same bytes. Snappy compression (pure
//! Rust) and dictionary encoding, parquet-rs's defaults.

use crate::output::{GameReport, label};
use crate::scoring::{Count, UncertainGroup};
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
/// Rows per file at most in a stream of small files ([`ParquetChunks`]): a reader gets its
/// first rows early and the writer holds few.
pub const CHUNK_ROWS: usize = 8_192;
/// Buffered bytes per file at most in a stream of small files.
pub const CHUNK_BYTES: usize = 8 << 20;
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

/// How a column reads its values from a report: the value's type, and its [`Shape`].
#[derive(Clone, Copy)]
enum Get {
    Str(Shape<String>),
    Int(Shape<i64>),
    Float(Shape<f64>),
    Bool(Shape<bool>),
    /// Days since 1970-01-01.
    Date(Shape<i32>),
}

/// How deep in lists a column's values lie, with the getter of one row's values. The outer
/// `Option` is the column's own null; an inner `Option` is an element that may be null (in
/// a column whose [`Leaf::nullable_elements`] says so); a middle list is never null.
///
/// A field of a list of structs ([`Field::Records`]) reads one level deeper than it is:
/// `List` gives one value per struct, `Lists` one list per struct.
enum Shape<T> {
    /// One value per row.
    One(fn(&GameReport) -> Option<T>),
    /// A list of values per row.
    List(fn(&GameReport) -> Option<Vec<Option<T>>>),
    /// A list of lists of values per row.
    Lists(fn(&GameReport) -> Option<ValueLists<T>>),
}

/// One row's lists of values, outer to inner.
type ValueLists<T> = Vec<Vec<Option<T>>>;

// Derived `Clone`/`Copy` would ask `T: Copy`; fn pointers are always copied.
impl<T> Clone for Shape<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Shape<T> {}

impl<T> Shape<T> {
    /// The number of list levels around a value.
    fn depth(self) -> usize {
        match self {
            Shape::One(_) => 0,
            Shape::List(_) => 1,
            Shape::Lists(_) => 2,
        }
    }
}

use Shape::{List, Lists, One};

impl Get {
    /// The number of list levels around a value.
    fn depth(self) -> usize {
        match self {
            Get::Str(s) => s.depth(),
            Get::Int(s) => s.depth(),
            Get::Float(s) => s.depth(),
            Get::Bool(s) => s.depth(),
            Get::Date(s) => s.depth(),
        }
    }

    /// The Parquet type of one value, as the schema language writes it.
    fn parquet_type(self) -> &'static str {
        match self {
            Get::Str(_) => "binary",
            Get::Int(_) => "int64",
            Get::Float(_) => "double",
            Get::Bool(_) => "boolean",
            Get::Date(_) => "int32",
        }
    }

    fn annotation(self) -> &'static str {
        match self {
            Get::Str(_) => " (STRING)",
            Get::Date(_) => " (DATE)",
            _ => "",
        }
    }

    /// The type as DuckDB shows it, for the documentation (`VARCHAR`, `VARCHAR[]`, …).
    fn sql_type(self) -> String {
        let value = match self {
            Get::Str(_) => "VARCHAR",
            Get::Int(_) => "BIGINT",
            Get::Float(_) => "DOUBLE",
            Get::Bool(_) => "BOOLEAN",
            Get::Date(_) => "DATE",
        };
        format!("{value}{}", "[]".repeat(self.depth()))
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
    /// For a column in lists: whether an innermost element may be null (in a list of
    /// structs: whether the struct's field may be null).
    nullable_elements: bool,
}

/// A top-level column of the schema.
enum Field {
    /// One value per row (`One`), or a list of values (`List`), or a list of lists.
    Plain(Leaf),
    /// A list of structs: its name and the struct's fields, each read one level deeper
    /// than it is (`List` for a value per struct, `Lists` for a list per struct).
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

/// A leaf whose innermost elements may be null when `nullable` (a field of a list of structs,
/// or a list column).
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

/// The uncertain groups of a scored report (none: `[]`).
fn uncertain(r: &GameReport) -> Option<&[UncertainGroup]> {
    Some(&r.score.as_ref()?.dead_stones.uncertain_groups)
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
                Get::Str(One(|r| $count(r).map(|c| label(&c.rules)))),
            ),
            leaf(
                concat!($prefix, "_black"),
                concat!($json, ".black"),
                Get::Float(One(|r| $count(r).map(|c| c.black))),
            ),
            leaf(
                concat!($prefix, "_white"),
                concat!($json, ".white"),
                Get::Float(One(|r| $count(r).map(|c| c.white))),
            ),
            leaf(
                concat!($prefix, "_komi"),
                concat!($json, ".komi"),
                Get::Float(One(|r| $count(r).map(|c| c.komi))),
            ),
            leaf(
                concat!($prefix, "_compensation"),
                concat!($json, ".compensation"),
                Get::Float(One(|r| $count(r).map(|c| c.compensation))),
            ),
            leaf(
                concat!($prefix, "_margin"),
                concat!($json, ".margin"),
                Get::Float(One(|r| $count(r).map(|c| c.margin))),
            ),
            leaf(
                concat!($prefix, "_winner"),
                concat!($json, ".winner"),
                Get::Str(One(|r| $count(r).map(|c| label(&c.winner)))),
            ),
        ])
    };
}

/// The schema, column by column, in the order of the JSON record.
fn fields() -> Vec<Field> {
    let mut f = file_fields();
    f.extend(fact_fields());
    f.extend(replay_fields());
    f.extend(result_fields());
    count_columns!(f, "score_french", "score.french", french);
    count_columns!(
        f,
        "score_recorded_rules",
        "score.recorded_rules",
        recorded_rules
    );
    count_columns!(f, "score_quick_count", "score.quick_count", quick_count);
    f.extend(score_fields());
    f.extend(winner_fields());
    f
}

/// The file, its game, its fate and how its bytes were decoded.
fn file_fields() -> Vec<Field> {
    vec![
        leaf("file", "file", Get::Str(One(|r| Some(r.file.clone())))),
        leaf("game", "game", Get::Int(One(|r| r.game.map(i64::from)))),
        leaf(
            "status",
            "status",
            Get::Str(One(|r| Some(label(&r.status)))),
        ),
        Field::Records(
            "errors",
            vec![
                record_field(
                    "kind",
                    "errors[].kind",
                    Get::Str(List(|r| {
                        Some(
                            r.errors
                                .iter()
                                .map(|e| Some(e.kind.name().into()))
                                .collect(),
                        )
                    })),
                    false,
                ),
                record_field(
                    "message",
                    "errors[].message",
                    Get::Str(List(|r| {
                        Some(r.errors.iter().map(|e| Some(e.message.clone())).collect())
                    })),
                    false,
                ),
            ],
        ),
        leaf(
            "warnings",
            "warnings[]",
            Get::Str(List(|r| Some(strings(&r.warnings)))),
        ),
        leaf(
            "encoding_name",
            "encoding.name",
            Get::Str(One(|r| r.encoding.as_ref().map(|e| e.name.clone()))),
        ),
        leaf(
            "encoding_source",
            "encoding.source",
            Get::Str(One(|r| r.encoding.as_ref().map(|e| label(&e.source)))),
        ),
        leaf(
            "encoding_declared",
            "encoding.declared",
            Get::Str(One(|r| {
                r.encoding.as_ref().and_then(|e| e.declared.clone())
            })),
        ),
        leaf(
            "encoding_replaced",
            "encoding.replaced",
            Get::Bool(One(|r| r.encoding.as_ref().map(|e| e.replaced))),
        ),
    ]
}

/// What the record says of the game: board, players, date, place, rules, komi, handicap.
fn fact_fields() -> Vec<Field> {
    vec![
        leaf(
            "size_width",
            "size.width",
            Get::Int(One(|r| r.facts.as_ref().map(|f| i64::from(f.size.width)))),
        ),
        leaf(
            "size_height",
            "size.height",
            Get::Int(One(|r| r.facts.as_ref().map(|f| i64::from(f.size.height)))),
        ),
        leaf(
            "black_name",
            "black.name",
            Get::Str(One(|r| r.facts.as_ref().and_then(|f| f.black.name.clone()))),
        ),
        leaf(
            "black_rank",
            "black.rank",
            Get::Str(One(|r| r.facts.as_ref().and_then(|f| f.black.rank.clone()))),
        ),
        leaf(
            "white_name",
            "white.name",
            Get::Str(One(|r| r.facts.as_ref().and_then(|f| f.white.name.clone()))),
        ),
        leaf(
            "white_rank",
            "white.rank",
            Get::Str(One(|r| r.facts.as_ref().and_then(|f| f.white.rank.clone()))),
        ),
        leaf(
            "date_first",
            "date.first",
            Get::Date(One(|r| day(date(r)?.first.as_deref()?))),
        ),
        leaf(
            "date_first_text",
            "date.first",
            Get::Str(One(|r| date(r)?.first.clone())),
        ),
        leaf(
            "date_last",
            "date.last",
            Get::Date(One(|r| day(date(r)?.last.as_deref()?))),
        ),
        leaf(
            "date_last_text",
            "date.last",
            Get::Str(One(|r| date(r)?.last.clone())),
        ),
        leaf(
            "date_raw",
            "date.raw",
            Get::Str(One(|r| Some(date(r)?.raw.clone()))),
        ),
        leaf(
            "event",
            "event",
            Get::Str(One(|r| r.facts.as_ref()?.event.clone())),
        ),
        leaf(
            "round",
            "round",
            Get::Str(One(|r| r.facts.as_ref()?.round.clone())),
        ),
        leaf(
            "place",
            "place",
            Get::Str(One(|r| r.facts.as_ref()?.place.clone())),
        ),
        leaf(
            "rules_name",
            "rules.name",
            Get::Str(One(|r| r.facts.as_ref().map(|f| label(&f.rules.name)))),
        ),
        leaf(
            "rules_raw",
            "rules.raw",
            Get::Str(One(|r| r.facts.as_ref()?.rules.raw.clone())),
        ),
        leaf(
            "komi_value",
            "komi.value",
            Get::Float(One(|r| r.facts.as_ref()?.komi.value)),
        ),
        leaf(
            "komi_raw",
            "komi.raw",
            Get::Str(One(|r| r.facts.as_ref()?.komi.raw.clone())),
        ),
        leaf(
            "komi_scaled",
            "komi.scaled",
            Get::Bool(One(|r| r.facts.as_ref().map(|f| f.komi.scaled))),
        ),
        leaf(
            "handicap_stones",
            "handicap.stones",
            Get::Int(One(|r| r.handicap.as_ref().map(|h| i64::from(h.stones)))),
        ),
        leaf(
            "handicap_declared",
            "handicap.declared",
            Get::Int(One(|r| r.handicap.as_ref()?.declared)),
        ),
        leaf(
            "handicap_source",
            "handicap.source",
            Get::Str(One(|r| r.handicap.as_ref().map(|h| label(&h.source)))),
        ),
        leaf(
            "handicap_consistent",
            "handicap.consistent",
            Get::Bool(One(|r| r.handicap.as_ref().map(|h| h.consistent))),
        ),
    ]
}

/// What replaying the main line found.
fn replay_fields() -> Vec<Field> {
    vec![
        leaf("moves", "moves", Get::Int(One(|r| r.moves.map(i64::from)))),
        leaf(
            "passes",
            "passes",
            Get::Int(One(|r| r.passes.map(i64::from))),
        ),
        leaf(
            "ended_by_passes",
            "ended_by_passes",
            Get::Bool(One(|r| r.ended_by_passes)),
        ),
        leaf(
            "captures_black",
            "captures.black",
            Get::Int(One(|r| r.captures.map(|c| i64::from(c.black)))),
        ),
        leaf(
            "captures_white",
            "captures.white",
            Get::Int(One(|r| r.captures.map(|c| i64::from(c.white)))),
        ),
        Field::Records(
            "violations",
            vec![
                record_field(
                    "move",
                    "violations[].move",
                    Get::Int(List(|r| {
                        let v = r.violations.as_ref()?;
                        Some(v.iter().map(|x| Some(i64::from(x.move_number))).collect())
                    })),
                    false,
                ),
                record_field(
                    "color",
                    "violations[].color",
                    Get::Str(List(|r| {
                        let v = r.violations.as_ref()?;
                        Some(v.iter().map(|x| Some(label(&x.color))).collect())
                    })),
                    false,
                ),
                record_field(
                    "point",
                    "violations[].point",
                    Get::Str(List(|r| {
                        let v = r.violations.as_ref()?;
                        Some(v.iter().map(|x| x.point.clone()).collect())
                    })),
                    true,
                ),
                record_field(
                    "kind",
                    "violations[].kind",
                    Get::Str(List(|r| {
                        let v = r.violations.as_ref()?;
                        Some(v.iter().map(|x| Some(label(&x.kind))).collect())
                    })),
                    false,
                ),
            ],
        ),
        leaf(
            "ko_rule_dependent",
            "ko_rule_dependent[]",
            Get::Int(List(|r| {
                let v = r.ko_rule_dependent.as_ref()?;
                Some(v.iter().map(|&m| Some(i64::from(m))).collect())
            })),
        ),
    ]
}

/// The recorded result as read from `RE`.
fn result_fields() -> Vec<Field> {
    vec![
        leaf(
            "result_raw",
            "result.raw",
            Get::Str(One(|r| r.result.as_ref()?.raw.clone())),
        ),
        leaf(
            "result_winner",
            "result.winner",
            Get::Str(One(|r| r.result.as_ref().map(|x| label(&x.winner)))),
        ),
        leaf(
            "result_kind",
            "result.kind",
            Get::Str(One(|r| r.result.as_ref()?.kind.map(|k| label(&k)))),
        ),
        leaf(
            "result_margin",
            "result.margin",
            Get::Float(One(|r| r.result.as_ref()?.margin)),
        ),
    ]
}

/// The score's columns after its three counts: the quick count's check, the dead stones,
/// the seki and the notes.
fn score_fields() -> Vec<Field> {
    let mut f = vec![
        leaf(
            "score_quick_count_agrees",
            "score.quick_count_agrees",
            Get::Bool(One(|r| r.score.as_ref().map(|s| s.quick_count_agrees))),
        ),
        leaf(
            "score_quick_count_note",
            "score.quick_count_note",
            Get::Str(One(|r| r.score.as_ref()?.quick_count_note.clone())),
        ),
    ];
    f.extend(dead_stone_fields());
    f.extend([
        leaf(
            "score_seki",
            "score.seki[]",
            Get::Str(List(|r| Some(strings(&r.score.as_ref()?.seki)))),
        ),
        leaf(
            "score_komi_note",
            "score.komi_note",
            Get::Str(One(|r| r.score.as_ref()?.komi_note.clone())),
        ),
        // A NaN would be null in the JSON: elements may be null.
        Field::Plain(record_field(
            "score_margin_range",
            "score.margin_range[]",
            Get::Float(List(|r| {
                let range = r.score.as_ref()?.margin_range?;
                Some(range.into_iter().map(Some).collect())
            })),
            true,
        )),
    ]);
    f
}

/// The dead stones: where they came from, how sure, which, and what the engines said.
fn dead_stone_fields() -> Vec<Field> {
    vec![
        leaf(
            "score_dead_stones_source",
            "score.dead_stones.source",
            Get::Str(One(|r| {
                r.score.as_ref().map(|s| label(&s.dead_stones.source))
            })),
        ),
        leaf(
            "score_dead_stones_confidence",
            "score.dead_stones.confidence",
            Get::Str(One(|r| {
                r.score.as_ref().map(|s| label(&s.dead_stones.confidence))
            })),
        ),
        leaf(
            "score_dead_stones_black",
            "score.dead_stones.black[]",
            Get::Str(List(|r| {
                Some(strings(&r.score.as_ref()?.dead_stones.black))
            })),
        ),
        leaf(
            "score_dead_stones_white",
            "score.dead_stones.white[]",
            Get::Str(List(|r| {
                Some(strings(&r.score.as_ref()?.dead_stones.white))
            })),
        ),
        leaf(
            "score_dead_stones_left_in_atari",
            "score.dead_stones.left_in_atari[]",
            Get::Str(List(|r| {
                Some(strings(&r.score.as_ref()?.dead_stones.left_in_atari))
            })),
        ),
        leaf(
            "score_dead_stones_unsure",
            "score.dead_stones.unsure[]",
            Get::Str(List(|r| {
                Some(strings(&r.score.as_ref()?.dead_stones.unsure))
            })),
        ),
        Field::Records(
            "score_dead_stones_uncertain_groups",
            vec![
                record_field(
                    "color",
                    "score.dead_stones.uncertain_groups[].color",
                    Get::Str(List(|r| {
                        let g = uncertain(r)?;
                        Some(g.iter().map(|g| Some(label(&g.decision.color))).collect())
                    })),
                    false,
                ),
                record_field(
                    "method",
                    "score.dead_stones.uncertain_groups[].method",
                    Get::Str(List(|r| {
                        let g = uncertain(r)?;
                        Some(g.iter().map(|g| Some(label(&g.decision.method))).collect())
                    })),
                    false,
                ),
                record_field(
                    "confidence",
                    "score.dead_stones.uncertain_groups[].confidence",
                    Get::Str(List(|r| {
                        let g = uncertain(r)?;
                        Some(
                            g.iter()
                                .map(|g| Some(label(&g.decision.confidence)))
                                .collect(),
                        )
                    })),
                    false,
                ),
                record_field(
                    "kept",
                    "score.dead_stones.uncertain_groups[].kept",
                    Get::Float(List(|r| {
                        Some(uncertain(r)?.iter().map(|g| g.decision.kept).collect())
                    })),
                    true,
                ),
                record_field(
                    "status",
                    "score.dead_stones.uncertain_groups[].status",
                    Get::Str(List(|r| {
                        let g = uncertain(r)?;
                        Some(g.iter().map(|g| Some(label(&g.decision.status))).collect())
                    })),
                    false,
                ),
                record_field(
                    "points",
                    "score.dead_stones.uncertain_groups[].points[]",
                    Get::Str(Lists(|r| {
                        Some(uncertain(r)?.iter().map(|g| strings(&g.points)).collect())
                    })),
                    false,
                ),
            ],
        ),
        leaf(
            "score_dead_stones_oracle_error",
            "score.dead_stones.oracle_error",
            Get::Str(One(|r| r.score.as_ref()?.dead_stones.oracle_error.clone())),
        ),
        leaf(
            "score_dead_stones_engine_error",
            "score.dead_stones.engine_error",
            Get::Str(One(|r| r.score.as_ref()?.dead_stones.engine_error.clone())),
        ),
    ]
}

/// The winner echelle names, and the verdict.
fn winner_fields() -> Vec<Field> {
    vec![
        leaf(
            "winner_color",
            "winner.color",
            Get::Str(One(|r| r.winner.as_ref().map(|w| label(&w.color)))),
        ),
        leaf(
            "winner_margin",
            "winner.margin",
            Get::Float(One(|r| r.winner.as_ref()?.margin)),
        ),
        leaf(
            "winner_source",
            "winner.source",
            Get::Str(One(|r| {
                r.winner.as_ref().map(|w| w.source.name().to_string())
            })),
        ),
        leaf(
            "winner_reason",
            "winner.reason",
            Get::Str(One(|r| r.winner.as_ref()?.reason.clone())),
        ),
        leaf(
            "verdict",
            "verdict",
            Get::Str(One(|r| r.verdict.map(|v| label(&v)))),
        ),
    ]
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
/// reader maps to a list type; a list inside a list (or inside a struct) is a required
/// group of the same layout.
fn schema_text(fields: &[Field]) -> String {
    let mut s = String::from("message echelle_game {\n");
    for f in fields {
        match f {
            Field::Plain(l) => {
                let _ = writeln!(s, "  {}", value_text(l, l.name, "optional", l.get.depth()));
            }
            Field::Records(name, ls) => {
                let _ = writeln!(
                    s,
                    "  optional group {name} (LIST) {{ repeated group list {{ required group element {{"
                );
                for l in ls {
                    // The struct's field: one list level less than its getter reads.
                    let depth = l.get.depth().saturating_sub(1);
                    let repetition = if depth == 0 && l.nullable_elements {
                        "optional"
                    } else {
                        "required"
                    };
                    let _ = writeln!(s, "    {}", value_text(l, l.name, repetition, depth));
                }
                let _ = writeln!(s, "  }} }} }}");
            }
        }
    }
    s.push_str("}\n");
    s
}

/// One field of the schema: `leaf`'s value under `depth` list levels, named `name`.
fn value_text(leaf: &Leaf, name: &str, repetition: &str, depth: usize) -> String {
    if depth == 0 {
        return format!(
            "{repetition} {} {name}{};",
            leaf.get.parquet_type(),
            leaf.get.annotation()
        );
    }
    let element = if depth == 1 && leaf.nullable_elements {
        "optional"
    } else {
        "required"
    };
    format!(
        "{repetition} group {name} (LIST) {{ repeated group list {{ {} }} }}",
        value_text(leaf, "element", element, depth - 1)
    )
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
                sql_type: l.get.sql_type(),
                json: l.json.to_string(),
            }),
            Field::Records(name, ls) => out.extend(ls.iter().map(|l| ColumnDoc {
                name: format!("{name}[].{}", l.name),
                // Inside the struct a field is one value: its list type is the struct's.
                sql_type: l.get.sql_type().replacen("[]", "", 1),
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

    /// One optional list: null is definition level 0, an empty list 1, its elements 2 (3
    /// for a present element where elements may be null); the row starts at repetition 0.
    fn list(&mut self, v: Option<Vec<Option<T>>>, nullable: bool) {
        match v {
            None => self.level(0, 0),
            Some(list) => self.elements(list, 0, 1, 1, nullable),
        }
    }

    /// One optional list of lists (never null): null is level 0, an empty outer list 1, an
    /// empty inner list 2, an element 3 (or 4, as in [`Buffer::list`]).
    fn lists(&mut self, v: Option<ValueLists<T>>, nullable: bool) {
        let Some(outer) = v else {
            return self.level(0, 0);
        };
        if outer.is_empty() {
            return self.level(1, 0);
        }
        for (i, inner) in outer.into_iter().enumerate() {
            self.elements(inner, i16::from(i > 0), 2, 2, nullable);
        }
    }

    /// The elements of one present list: `first` is the repetition level of its first
    /// element (where its enclosing list repeats), `depth` its own repetition level, `def`
    /// the definition level of the list when empty.
    fn elements(&mut self, list: Vec<Option<T>>, first: i16, depth: i16, def: i16, nullable: bool) {
        if list.is_empty() {
            return self.level(def, first);
        }
        for (i, x) in list.into_iter().enumerate() {
            let rep = if i == 0 { first } else { depth };
            match x {
                Some(x) => {
                    self.level(def + 1 + i16::from(nullable), rep);
                    self.values.push(x);
                }
                None => self.level(def + 1, rep),
            }
        }
    }

    fn level(&mut self, def: i16, rep: i16) {
        self.def.push(def);
        self.rep.push(rep);
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
            Get::Str(_) => Column::Str(Buffer::default()),
            Get::Int(_) => Column::Int(Buffer::default()),
            Get::Float(_) => Column::Float(Buffer::default()),
            Get::Bool(_) => Column::Bool(Buffer::default()),
            Get::Date(_) => Column::Date(Buffer::default()),
        }
    }
}

/// What a number or a flag costs buffered, with its levels.
fn fixed_cost<T>(_: &T) -> usize {
    10
}

fn bytes(s: String) -> Option<ByteArray> {
    Some(ByteArray::from(s.into_bytes()))
}

fn same<T>(x: T) -> Option<T> {
    Some(x)
}

/// As in the JSON, which writes a NaN or an infinity as null.
fn finite(x: f64) -> Option<f64> {
    x.is_finite().then_some(x)
}

/// Appends one report's values of `shape` to `b`, each turned into the buffer's type by
/// `put` (`None`: null); returns roughly the bytes added, `cost` per value.
fn push_shape<T, U>(
    shape: Shape<T>,
    r: &GameReport,
    b: &mut Buffer<U>,
    nullable: bool,
    cost: fn(&T) -> usize,
    put: fn(T) -> Option<U>,
) -> usize {
    let list_cost = |l: &[Option<T>]| 4 + l.iter().flatten().map(cost).sum::<usize>();
    let list_put = |l: Vec<Option<T>>| l.into_iter().map(|x| x.and_then(put)).collect();
    match shape {
        One(get) => {
            let v = get(r);
            let n = v.as_ref().map_or(0, cost) + 4;
            b.one(v.and_then(put));
            n
        }
        List(get) => {
            let v = get(r);
            let n = v.as_deref().map_or(4, list_cost);
            b.list(v.map(list_put), nullable);
            n
        }
        Lists(get) => {
            let v = get(r);
            let n = v
                .as_ref()
                .map_or(4, |o| o.iter().map(|l| list_cost(l)).sum());
            b.lists(v.map(|o| o.into_iter().map(list_put).collect()), nullable);
            n
        }
    }
}

/// Appends one report's value(s) for `leaf` to its buffer; returns roughly the bytes added.
fn push_leaf(leaf: &Leaf, column: &mut Column, r: &GameReport) -> usize {
    let nullable = leaf.nullable_elements;
    match (leaf.get, column) {
        (Get::Str(s), Column::Str(b)) => {
            // What a string costs buffered.
            let cost = |s: &String| s.len() + VALUE_OVERHEAD;
            push_shape(s, r, b, nullable, cost, bytes)
        }
        (Get::Int(s), Column::Int(b)) => push_shape(s, r, b, nullable, fixed_cost, same),
        (Get::Float(s), Column::Float(b)) => push_shape(s, r, b, nullable, fixed_cost, finite),
        (Get::Bool(s), Column::Bool(b)) => push_shape(s, r, b, nullable, fixed_cost, same),
        (Get::Date(s), Column::Date(b)) => push_shape(s, r, b, nullable, fixed_cost, same),
        // `Column::new` pairs every getter with its buffer type.
        _ => 0,
    }
}

/// When a row group is full: at `rows` rows or about `bytes` of buffered values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GroupLimits {
    /// Rows per row group at most.
    pub rows: usize,
    /// Buffered bytes per row group at most (roughly).
    pub bytes: usize,
}

impl Default for GroupLimits {
    /// The groups of `analyze -o FILE.parquet`: [`ROW_GROUP_ROWS`], [`ROW_GROUP_BYTES`].
    fn default() -> Self {
        GroupLimits {
            rows: ROW_GROUP_ROWS,
            bytes: ROW_GROUP_BYTES,
        }
    }
}

impl GroupLimits {
    /// The small groups of a stream of files: [`CHUNK_ROWS`], [`CHUNK_BYTES`].
    pub fn chunks() -> Self {
        GroupLimits {
            rows: CHUNK_ROWS,
            bytes: CHUNK_BYTES,
        }
    }
}

/// Writes reports as a Parquet file, one row each, in the order pushed.
///
/// Rows are held until a row group is full ([`GroupLimits`]); [`ParquetSink::finish`]
/// writes the rest and the footer. A sink dropped without `finish` leaves no valid file.
pub struct ParquetSink<W: Write + Send> {
    writer: SerializedFileWriter<W>,
    leaves: Vec<Leaf>,
    columns: Vec<Column>,
    limits: GroupLimits,
    rows: usize,
    bytes: usize,
    written: u64,
}

impl<W: Write + Send> ParquetSink<W> {
    /// A sink writing to `out` in the groups of `analyze -o FILE.parquet`; the file's first
    /// bytes are written at once.
    pub fn new(out: W) -> Result<Self, ColumnarError> {
        Self::with_limits(out, GroupLimits::default())
    }

    /// A sink writing to `out` in row groups of `limits`.
    pub fn with_limits(out: W, limits: GroupLimits) -> Result<Self, ColumnarError> {
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
            limits,
            rows: 0,
            bytes: 0,
            written: 0,
        })
    }

    /// Adds one report as a row; writes a row group when one is full, and then says so.
    pub fn push(&mut self, r: &GameReport) -> Result<bool, ColumnarError> {
        for (leaf, column) in self.leaves.iter().zip(&mut self.columns) {
            self.bytes += push_leaf(leaf, column, r);
        }
        self.rows += 1;
        if self.rows >= self.limits.rows || self.bytes >= self.limits.bytes {
            self.flush()?;
            return Ok(true);
        }
        Ok(false)
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

/// Writes reports as a stream of small Parquet files in memory, each one row group of at
/// most [`GroupLimits::chunks`], for a reader that takes rows while the batch runs (the
/// Python binding's Arrow tables). Read in order, the files hold the rows of one
/// [`ParquetSink`]'s file, in the same schema.
pub struct ParquetChunks {
    sink: ParquetSink<Vec<u8>>,
    /// Whether a file was given out already.
    gave: bool,
}

impl ParquetChunks {
    /// An empty stream.
    pub fn new() -> Result<Self, ColumnarError> {
        Ok(ParquetChunks {
            sink: ParquetSink::with_limits(Vec::new(), GroupLimits::chunks())?,
            gave: false,
        })
    }

    /// Adds one report as a row; gives a whole file once its row group is full.
    pub fn push(&mut self, r: &GameReport) -> Result<Option<Vec<u8>>, ColumnarError> {
        if !self.sink.push(r)? {
            return Ok(None);
        }
        let next = ParquetSink::with_limits(Vec::new(), GroupLimits::chunks())?;
        self.gave = true;
        std::mem::replace(&mut self.sink, next).finish().map(Some)
    }

    /// The last file: the rows still held, or the schema alone when no file was given (so
    /// that a reader always learns the schema); `None` when every row went out already.
    pub fn finish(self) -> Result<Option<Vec<u8>>, ColumnarError> {
        if self.gave && self.sink.rows() == 0 {
            return Ok(None);
        }
        self.sink.finish().map(Some)
    }
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
