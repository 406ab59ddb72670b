//! Archives: zip, tar and gzip (a tar inside, or one gzipped SGF file), their entries in
//! archive order, nested archives, and telling kinds apart by name or by first bytes.
//!
//! One archive or stream at a time: an entry comes back as an `Out` (an item, or a nested
//! archive for the walk in `mod.rs` to open in turn). It does not walk directories, read
//! plain files or order inputs among themselves; the limits it applies and the errors it
//! gives are defined in `mod.rs`.

mod local;

use super::{InputError, Item, Limits, Out, read_limited};
use local::LocalReader;
use std::fs::File;
use std::io::{self, BufReader, Cursor, Read, Seek};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};

/// What a name or a stream's first bytes say it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// An SGF file.
    Sgf,
    /// A zip archive.
    Zip,
    /// An uncompressed tar archive.
    Tar,
    /// A gzip-compressed tar archive (or, on stdin, any gzip stream).
    TarGz,
    /// Anything else.
    Other,
}

/// Classifies a file or entry name by extension, case-insensitively.
pub fn kind_of_name(name: &str) -> Kind {
    let lower = name.to_ascii_lowercase();
    if lower.ends_with(".sgf") {
        Kind::Sgf
    } else if lower.ends_with(".zip") {
        Kind::Zip
    } else if lower.ends_with(".tar") {
        Kind::Tar
    } else if lower.ends_with(".tar.gz") || lower.ends_with(".tgz") {
        Kind::TarGz
    } else {
        Kind::Other
    }
}

/// Classifies a stream by its first bytes (pass at least 512 when available):
/// zip, gzip, tar (ustar magic or a valid header checksum), else SGF.
pub fn sniff(head: &[u8]) -> Kind {
    if head.starts_with(b"PK\x03\x04") || head.starts_with(b"PK\x05\x06") {
        Kind::Zip
    } else if head.starts_with(&[0x1F, 0x8B]) {
        Kind::TarGz
    } else if is_tar_header(head) {
        Kind::Tar
    } else {
        Kind::Sgf
    }
}

/// A tar header: "ustar" magic at 257, or (old v7 tar) a valid octal checksum.
fn is_tar_header(h: &[u8]) -> bool {
    if h.len() < 512 {
        return h.len() >= 262 && &h[257..262] == b"ustar";
    }
    if &h[257..262] == b"ustar" {
        return true;
    }
    let field = &h[148..156];
    let digits: Vec<u8> = field
        .iter()
        .copied()
        .skip_while(|b| *b == b' ')
        .take_while(|b| (b'0'..=b'7').contains(b))
        .collect();
    if digits.is_empty() {
        return false;
    }
    let stored = digits
        .iter()
        .fold(0u64, |acc, d| acc * 8 + u64::from(d - b'0'));
    // The checksum counts its own field as eight spaces.
    let sum: u64 = h[..512]
        .iter()
        .enumerate()
        .map(|(i, &b)| {
            if (148..156).contains(&i) {
                u64::from(b' ')
            } else {
                u64::from(b)
            }
        })
        .sum();
    stored == sum && sum != 8 * u64::from(b' ')
}

/// Nested archives deeper than this are skipped (a zip quine would never end).
pub(super) const MAX_NESTING: u32 = 4;
/// Entries buffered ahead by a tar reader thread.
const TAR_READ_AHEAD: usize = 2;

/// Where an archive's bytes come from.
pub(super) enum Data {
    Path(PathBuf),
    Mem(Vec<u8>),
    Stream(Box<dyn Read + Send>),
}

/// What zip reads from: a file or bytes in memory (zip needs seeking).
pub(super) trait ReadSeek: Read + Seek + Send {}
impl<T: Read + Seek + Send> ReadSeek for T {}

/// A zip's bytes, which can be read more than once: through the central directory, and
/// again by local headers when the directory cannot be read.
enum ZipBytes {
    File(PathBuf),
    Mem(Shared),
}

/// Bytes in memory shared by the readers of one zip.
#[derive(Clone)]
struct Shared(Arc<Vec<u8>>);

impl AsRef<[u8]> for Shared {
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}

impl ZipBytes {
    fn reader(&self) -> io::Result<Box<dyn ReadSeek>> {
        Ok(match self {
            ZipBytes::File(p) => Box::new(BufReader::new(File::open(p)?)),
            ZipBytes::Mem(b) => Box::new(Cursor::new(b.clone())),
        })
    }
}

/// An open archive whose entries are yielded one at a time.
pub(super) enum ArchiveSource {
    /// Zip entries by index, in the central directory's order.
    Zip {
        name: String,
        archive: Box<zip::ZipArchive<Box<dyn ReadSeek>>>,
        next: usize,
        depth: u32,
    },
    /// Zip entries read by their local headers, in file order, when the central directory
    /// cannot be read (a file cut short).
    ZipLocal {
        name: String,
        reader: Box<LocalReader>,
        depth: u32,
    },
    /// Tar entries read by a helper thread: `tar::Entries` borrows its archive, so it
    /// cannot live in this iterator; the bounded channel keeps memory bounded.
    Tar {
        name: String,
        /// None once the thread has died and that has been reported.
        rx: Option<Receiver<TarMsg>>,
    },
}

/// What the tar thread sends: an entry, or the end of the archive.
pub(super) enum TarMsg {
    Out(Out),
    Done,
}

impl ArchiveSource {
    /// The next entry; None when the archive is done.
    pub(super) fn next(&mut self, limits: &Limits) -> Option<Out> {
        match self {
            ArchiveSource::Zip {
                name,
                archive,
                next,
                depth,
            } => {
                while *next < archive.len() {
                    let i = *next;
                    *next += 1;
                    if let Some(out) = zip_entry(name, archive, i, *depth, limits) {
                        return Some(out);
                    }
                }
                None
            }
            ArchiveSource::ZipLocal {
                name,
                reader,
                depth,
            } => reader.next(name, *depth, limits),
            ArchiveSource::Tar { name, rx } => match rx.as_ref()?.recv() {
                Ok(TarMsg::Out(o)) => Some(o),
                Ok(TarMsg::Done) => None,
                // The reader thread ended without saying Done: it panicked.
                Err(_) => {
                    *rx = None;
                    Some(Out::error(name.clone(), InputError::TarReaderStopped))
                }
            },
        }
    }
}

/// Opens an archive to yield its entries; a failure (or a kind that is no archive) is an item.
pub(super) fn open_archive(
    name: String,
    kind: Kind,
    data: Data,
    depth: u32,
    limits: &Limits,
) -> Result<ArchiveSource, Item> {
    let err = |name: &str, error: InputError| Item::Error {
        name: name.to_string(),
        error,
    };
    match kind {
        Kind::Zip => {
            let bytes = match data {
                Data::Path(p) => ZipBytes::File(p),
                Data::Mem(b) => ZipBytes::Mem(Shared(Arc::new(b))),
                // Zip needs seeking: a stream (stdin) is read whole first, under the file limit.
                Data::Stream(r) => {
                    let b = read_limited(r, 0, limits.max_file_bytes, "zip stream")
                        .map_err(|e| err(&name, e))?;
                    ZipBytes::Mem(Shared(Arc::new(b)))
                }
            };
            let open = |bytes: &ZipBytes| {
                bytes
                    .reader()
                    .map_err(|e| err(&name, InputError::OpenArchive(e)))
            };
            let directory = match zip::ZipArchive::new(open(&bytes)?) {
                Ok(archive) => {
                    return Ok(ArchiveSource::Zip {
                        name,
                        archive: Box::new(archive),
                        next: 0,
                        depth,
                    });
                }
                Err(e) => e,
            };
            // No readable central directory (a file cut short): read what the local headers
            // still give, when the archive starts with one.
            match LocalReader::start(open(&bytes)?, directory) {
                Ok(Ok(reader)) => Ok(ArchiveSource::ZipLocal {
                    name,
                    reader: Box::new(reader),
                    depth,
                }),
                Ok(Err(directory)) => Err(err(&name, InputError::ZipArchive(directory))),
                Err(e) => Err(err(&name, InputError::OpenArchive(e))),
            }
        }
        Kind::Tar | Kind::TarGz => {
            let raw: Box<dyn Read + Send> = match data {
                Data::Path(p) => Box::new(BufReader::new(
                    File::open(&p).map_err(|e| err(&name, InputError::OpenArchive(e)))?,
                )),
                Data::Mem(b) => Box::new(Cursor::new(b)),
                Data::Stream(r) => r,
            };
            let reader: Box<dyn Read + Send> = if kind == Kind::TarGz {
                Box::new(flate2::read::MultiGzDecoder::new(raw))
            } else {
                raw
            };
            let (tx, rx) = sync_channel(TAR_READ_AHEAD);
            let (n, l) = (name.clone(), *limits);
            std::thread::Builder::new()
                .name("echelle-tar".to_string())
                .spawn(move || read_tar(reader, &n, depth, &l, &tx))
                .map_err(|e| err(&name, InputError::OpenArchive(e)))?;
            Ok(ArchiveSource::Tar { name, rx: Some(rx) })
        }
        Kind::Sgf | Kind::Other => Err(Item::Skipped {
            name,
            reason: "not an archive".to_string(),
        }),
    }
}

/// What to do with one archive entry, given its name and recorded size.
fn entry_out(
    archive: &str,
    entry: &str,
    size: u64,
    reader: impl Read,
    depth: u32,
    limits: &Limits,
) -> Out {
    let name = format!("{archive}!{entry}");
    let kind = kind_of_name(entry);
    if kind == Kind::Other {
        return Out::Item(Item::Skipped {
            name,
            reason: "not an SGF file (by extension)".to_string(),
        });
    }
    if kind != Kind::Sgf && depth + 1 > MAX_NESTING {
        return Out::Item(Item::Skipped {
            name,
            reason: format!("archive nested more than {MAX_NESTING} deep"),
        });
    }
    let max = limits.max_entry_bytes;
    if size > max {
        let error = InputError::TooLarge {
            what: "entry",
            len: size,
            max,
        };
        return Out::error(name, error);
    }
    match read_limited(reader, size, max, "entry") {
        Ok(bytes) if kind == Kind::Sgf => Out::Item(Item::Bytes { name, bytes }),
        Ok(bytes) => Out::Archive {
            name,
            kind,
            data: Data::Mem(bytes),
            depth: depth + 1,
        },
        Err(error) => Out::error(name, error),
    }
}

/// One zip entry; None for directories.
fn zip_entry(
    name: &str,
    archive: &mut zip::ZipArchive<Box<dyn ReadSeek>>,
    i: usize,
    depth: u32,
    limits: &Limits,
) -> Option<Out> {
    // Name first, from the central directory, so a bad entry is reported by name.
    let entry_name = match archive.name_for_index(i) {
        Some(Ok(n)) => n.into_owned(),
        _ => format!("#{i}"),
    };
    let f = match archive.by_index(i) {
        Ok(f) => f,
        // One bad entry (unsupported method, password, bad local header) does not
        // spoil the others: the central directory still lists them.
        Err(e) => {
            return Some(Out::error(
                format!("{name}!{entry_name}"),
                InputError::ZipEntry(e),
            ));
        }
    };
    if f.is_dir() {
        return None;
    }
    let size = f.size();
    Some(entry_out(name, &entry_name, size, f, depth, limits))
}

/// Runs on the tar thread: sends each entry; stops when the receiver is gone.
fn read_tar(
    reader: Box<dyn Read + Send>,
    name: &str,
    depth: u32,
    limits: &Limits,
    tx: &SyncSender<TarMsg>,
) {
    let send = |o: Out| tx.send(TarMsg::Out(o)).is_ok();
    let corrupt = |e: io::Error| Out::error(name.to_string(), InputError::CorruptArchive(e));
    let mut ar = tar::Archive::new(reader);
    let entries = match ar.entries() {
        Ok(e) => e,
        Err(e) => {
            send(corrupt(e));
            let _ = tx.send(TarMsg::Done);
            return;
        }
    };
    for entry in entries {
        let entry = match entry {
            Ok(e) => e,
            // A broken stream cannot be resynchronised: report and stop this archive.
            Err(e) => {
                send(corrupt(e));
                break;
            }
        };
        let entry_name = super::name_of_bytes(&entry.path_bytes());
        let t = entry.header().entry_type();
        let out = if t.is_dir() {
            continue;
        } else if !t.is_file() {
            Out::Item(Item::Skipped {
                name: format!("{name}!{entry_name}"),
                reason: "not a regular file".to_string(),
            })
        } else {
            let size = entry.size();
            entry_out(name, &entry_name, size, entry, depth, limits)
        };
        if !send(out) {
            return;
        }
    }
    let _ = tx.send(TarMsg::Done);
}

/// Treats a stream as zip, tar, gzip (tar inside, or one SGF file) or one SGF file.
pub(super) fn stream_source(
    name: String,
    head: &[u8],
    stream: Box<dyn Read + Send>,
    limits: &Limits,
) -> Out {
    match sniff(head) {
        Kind::TarGz => {
            // Look inside the gzip stream: a tar, or a single gzipped SGF file.
            let mut gz = flate2::read::MultiGzDecoder::new(stream);
            let inner = match read_head(&mut gz) {
                Ok(h) => h,
                Err(e) => return Out::error(name, InputError::CorruptGzip(e)),
            };
            let rest: Box<dyn Read + Send> = Box::new(Cursor::new(inner.clone()).chain(gz));
            match sniff(&inner) {
                Kind::Tar => Out::Archive {
                    name,
                    kind: Kind::Tar,
                    data: Data::Stream(rest),
                    depth: 0,
                },
                _ => whole(name, rest, limits),
            }
        }
        kind @ (Kind::Zip | Kind::Tar) => Out::Archive {
            name,
            kind,
            data: Data::Stream(stream),
            depth: 0,
        },
        _ => whole(name, stream, limits),
    }
}

fn whole(name: String, r: impl Read, limits: &Limits) -> Out {
    match read_limited(r, 0, limits.max_file_bytes, "input") {
        Ok(bytes) => Out::Item(Item::Bytes { name, bytes }),
        Err(error) => Out::error(name, error),
    }
}

/// Reads up to 512 bytes (one tar header), fewer only at end of stream.
pub(super) fn read_head(r: &mut impl Read) -> io::Result<Vec<u8>> {
    let mut head = Vec::with_capacity(512);
    r.take(512).read_to_end(&mut head)?;
    Ok(head)
}
