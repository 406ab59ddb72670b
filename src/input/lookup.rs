//! One input found again by the name a report gave it: `dir/x.zip!inner/b.sgf`,
//! `a.tar.gz!x.zip!c.sgf`, `-!inner.sgf`, a name with `\xHH` escapes.
//!
//! The name is resolved by the same walk `analyze` makes (directories aside): the longest
//! prefix that is a file on disk (or `-`, standard input) is the root, and the root's items
//! are walked until one bears the whole name. So an entry is found under exactly the name a
//! report wrote — nesting, zips read by their local headers, tar names that are not UTF-8 —
//! with the same size limits, and without a second archive reader. The walk reads the
//! entries before the one asked for (one at a time: memory stays bounded by one entry).

use super::{InputError, Item, Limits, display, from_reader, inputs, kind_of_name, path_of_name};
use super::{Kind, read_file};
use std::io::{self, Read};
use std::path::PathBuf;

/// Entries named in an error, at most.
const EXAMPLES: usize = 5;

/// Why a name cannot be read.
#[derive(Debug)]
pub enum LookupError {
    /// No file on disk bears the name, nor any prefix of it ending before a `!`.
    NoFile {
        /// The name asked for.
        name: String,
        /// Why the whole name cannot be opened.
        source: io::Error,
    },
    /// The name is a directory.
    Directory {
        /// The name asked for.
        name: String,
    },
    /// A name goes on past something that is not an archive (`a.sgf!b.sgf`).
    NotAnArchive {
        /// The file or entry that is not an archive.
        name: String,
    },
    /// The archive holds no entry of that name.
    NoEntry {
        /// The innermost archive of the name that was found.
        archive: String,
        /// The rest of the name, not found in it.
        entry: String,
        /// A few of its entries: those with the same last component first.
        examples: Vec<String>,
        /// How many entries it holds.
        total: usize,
    },
    /// An archive (or standard input holding one) named without an entry.
    IsArchive {
        /// The archive's name.
        archive: String,
        /// A few of its entries.
        examples: Vec<String>,
        /// How many entries it holds.
        total: usize,
    },
    /// The entry, or an archive on the way to it, cannot be read.
    Unreadable {
        /// What cannot be read.
        name: String,
        /// Why.
        error: InputError,
    },
    /// The entry is one `analyze` skips too (not an SGF file, nested too deep).
    Skipped {
        /// The entry.
        name: String,
        /// Why it is skipped.
        reason: String,
    },
}

/// `-` is standard input; anything else as it is.
fn shown(name: &str) -> String {
    if name == "-" {
        "standard input (-)".to_string()
    } else {
        name.to_string()
    }
}

/// `: a.sgf, b.sgf, …` listing a few entries, and how many there are.
fn listed(examples: &[String], total: usize) -> String {
    match total {
        0 => "it holds no entry".to_string(),
        1 => format!("its only entry is {}", examples.join(", ")),
        n => {
            let more = if n > examples.len() { ", …" } else { "" };
            format!("its {n} entries include {}{more}", examples.join(", "))
        }
    }
}

impl std::fmt::Display for LookupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LookupError::NoFile { name, source } => write!(f, "cannot read {name}: {source}"),
            LookupError::Directory { name } => {
                write!(f, "{name} is a directory: name a file in it")
            }
            LookupError::NotAnArchive { name } => write!(
                f,
                "{} is not an archive: nothing can be named inside it with `!`",
                shown(name)
            ),
            LookupError::NoEntry {
                archive,
                entry,
                examples,
                total,
            } => write!(
                f,
                "{} has no entry {entry}; {}",
                shown(archive),
                listed(examples, *total)
            ),
            LookupError::IsArchive {
                archive,
                examples,
                total,
            } => write!(
                f,
                "{} is an archive: name one of its games as {archive}!ENTRY; {}",
                shown(archive),
                listed(examples, *total)
            ),
            LookupError::Unreadable { name, error } => {
                write!(f, "cannot read {}: {error}", shown(name))
            }
            LookupError::Skipped { name, reason } => write!(f, "{}: {reason}", shown(name)),
        }
    }
}

impl std::error::Error for LookupError {}

/// The bytes of the input a report named `name` (standard input for `-` and `-!…`).
pub fn read_named(name: &str, limits: &Limits) -> Result<Vec<u8>, LookupError> {
    read_named_with(name, || Box::new(io::stdin()), limits)
}

/// [`read_named`], reading `stdin` for a name that starts with `-`.
pub fn read_named_from(
    name: &str,
    stdin: impl Read + Send + 'static,
    limits: &Limits,
) -> Result<Vec<u8>, LookupError> {
    read_named_with(name, move || Box::new(stdin), limits)
}

fn read_named_with(
    name: &str,
    stdin: impl FnOnce() -> Box<dyn Read + Send>,
    limits: &Limits,
) -> Result<Vec<u8>, LookupError> {
    if name == "-" || name.starts_with("-!") {
        let walk = from_reader("-", stdin(), limits);
        return find(walk, "-", &name[1..]);
    }
    let (path, rest) = root(name)?;
    let meta = std::fs::metadata(&path).map_err(|source| LookupError::NoFile {
        name: name.to_string(),
        source,
    })?;
    if meta.is_dir() {
        return Err(LookupError::Directory {
            name: name.to_string(),
        });
    }
    let archive = !matches!(kind_of_name(&display(&path)), Kind::Sgf | Kind::Other);
    if !archive {
        // A plain file, whatever its extension: the user named it.
        if rest.is_empty() {
            return read_file(&path, limits.max_file_bytes).map_err(|error| {
                LookupError::Unreadable {
                    name: name.to_string(),
                    error,
                }
            });
        }
        return Err(LookupError::NotAnArchive {
            name: name[..name.len() - rest.len()].to_string(),
        });
    }
    let walk = inputs(std::slice::from_ref(&path), limits).map_err(|e| match e {
        InputError::Path { source, .. } => LookupError::NoFile {
            name: name.to_string(),
            source,
        },
        error => LookupError::Unreadable {
            name: name.to_string(),
            error,
        },
    })?;
    find(walk, &display(&path), rest)
}

/// The file a name starts with, and the rest of the name (empty, or from a `!`): the whole
/// name when such a file exists, else its longest prefix before a `!` that does.
fn root(name: &str) -> Result<(PathBuf, &str), LookupError> {
    let whole = path_of_name(name);
    if whole.exists() {
        return Ok((whole, ""));
    }
    for (at, _) in name.rmatch_indices('!') {
        let path = path_of_name(&name[..at]);
        if std::fs::metadata(&path).is_ok_and(|m| !m.is_dir()) {
            return Ok((path, &name[at..]));
        }
    }
    // Nothing found: the error is the whole name's.
    Ok((whole, ""))
}

/// What the walk learnt of one archive on the way to the name.
#[derive(Default)]
struct Seen {
    /// Entries met directly in it (a nested archive once).
    total: usize,
    /// The last direct entry met, so that a nested archive's entries count once.
    last: Option<String>,
    /// Its first entries, and those with the same last component as the name's.
    first: Vec<String>,
    alike: Vec<String>,
}

/// Walks `items` (all named `root…`) for the one named `root` + `rest`.
fn find(items: impl Iterator<Item = Item>, root: &str, rest: &str) -> Result<Vec<u8>, LookupError> {
    // The archives on the way: the root (`""`), then each prefix of `rest` before a `!`.
    let mut ways: Vec<&str> = vec![""];
    ways.extend(rest.match_indices('!').skip(1).map(|(at, _)| &rest[..at]));
    let mut seen: Vec<Seen> = ways.iter().map(|_| Seen::default()).collect();
    let wanted_leaf = rest.rsplit(['!', '/']).next().unwrap_or("");
    for item in items {
        let Some(tail) = item.name().strip_prefix(root) else {
            continue;
        };
        let tail = tail.to_string();
        if tail == rest {
            return match item {
                Item::Bytes { bytes, .. } => Ok(bytes),
                other => Err(problem(other)),
            };
        }
        // An archive on the way that is unreadable, skipped, or no archive at all.
        if ways.contains(&tail.as_str()) {
            return Err(problem(item));
        }
        // Count the entry in every archive on the way that holds it.
        for (way, s) in ways.iter().zip(seen.iter_mut()) {
            let Some(inner) = tail.strip_prefix(way).and_then(|t| t.strip_prefix('!')) else {
                continue;
            };
            // Entries of a nested archive are met as `nested.zip!entry`: the archive is one
            // entry (a `!` after an archive's name, as the walk writes it).
            let direct = inner
                .match_indices('!')
                .map(|(at, _)| &inner[..at])
                .find(|before| !matches!(kind_of_name(before), Kind::Sgf | Kind::Other))
                .unwrap_or(inner)
                .to_string();
            if s.last.as_deref() == Some(direct.as_str()) {
                continue;
            }
            s.total += 1;
            if s.first.len() < EXAMPLES {
                s.first.push(direct.clone());
            }
            let leaf = direct.rsplit(['!', '/']).next().unwrap_or("");
            if s.alike.len() < EXAMPLES && !wanted_leaf.is_empty() && leaf == wanted_leaf {
                s.alike.push(direct.clone());
            }
            s.last = Some(direct);
        }
    }
    // Not found: name the innermost archive on the way that was met, and some of its entries.
    let k = (0..ways.len())
        .rev()
        .find(|&k| k == 0 || seen[k].total > 0)
        .unwrap_or(0);
    let s = std::mem::take(&mut seen[k]);
    let mut examples = s.alike;
    for e in s.first {
        if examples.len() < EXAMPLES && !examples.contains(&e) {
            examples.push(e);
        }
    }
    let archive = format!("{root}{}", ways[k]);
    if rest.is_empty() {
        return Err(LookupError::IsArchive {
            archive,
            examples,
            total: s.total,
        });
    }
    Err(LookupError::NoEntry {
        archive,
        entry: rest[ways[k].len() + 1..].to_string(),
        examples,
        total: s.total,
    })
}

/// The error an item found under the name stands for.
fn problem(item: Item) -> LookupError {
    match item {
        Item::Error { name, error } => LookupError::Unreadable { name, error },
        Item::Skipped { name, reason } => LookupError::Skipped { name, reason },
        Item::File { name, .. } | Item::Bytes { name, .. } => LookupError::NotAnArchive { name },
    }
}
