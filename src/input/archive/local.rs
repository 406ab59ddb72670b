//! A zip archive read by its local headers, first to last, when its central directory cannot
//! be read — typically a file cut short, whose directory (at the end) is gone. This is what
//! `unzip` and `bsdtar` do: every entry whose data is all there is read as usual; the first
//! one that is not, and everything after it, is one error item saying where the archive
//! stops ([`ZipStop`]).
//!
//! The zip crate parses each local header and reads the entry's data (names, ZIP64 sizes,
//! methods, checksums as with a central directory); this module only finds where each entry
//! starts and ends, and checks that its data is all there before reading it. An entry whose
//! sizes come after its data (a data descriptor, general-purpose flag bit 3) ends, when
//! deflated, where its deflate stream ends (found by inflating it once, to nowhere), and the
//! descriptor there must agree; when stored, at the first descriptor that gives the distance
//! from the data's start as its sizes and the checksum of the bytes before it (as `bsdtar`
//! looks for it). Either search goes no further than the entry limit; another method with a
//! data descriptor cannot be followed. Where an entry's end cannot be found, the reading
//! stops there.

use super::{Out, ReadSeek, entry_out};
use crate::input::{InputError, Limits, ZipStop, name_of_bytes};
use std::io::{self, BufReader, Read, Seek, SeekFrom};
use zip::ZipReadOptions;
use zip::read::{ZipFile, read_zipfile_from_stream_with_options};
use zip::result::{ZipError, ZipResult};

const LOCAL_HEADER: [u8; 4] = *b"PK\x03\x04";
const CENTRAL_HEADER: [u8; 4] = *b"PK\x01\x02";
const DIRECTORY_END: [u8; 4] = *b"PK\x05\x06";
const ZIP64_DIRECTORY_END: [u8; 4] = *b"PK\x06\x06";
const DESCRIPTOR: [u8; 4] = *b"PK\x07\x08";
/// The fixed part of a local header, signature included.
const FIXED: usize = 30;
/// General-purpose flag bit 3: sizes and checksum are in a data descriptor after the data.
const SIZES_AFTER_DATA: u16 = 1 << 3;
const STORED: u16 = 0;
const DEFLATED: u16 = 8;

/// Where the reading of an archive by its local headers is.
pub(in crate::input) struct LocalReader {
    reader: Box<dyn ReadSeek>,
    /// The archive's length in bytes.
    len: u64,
    /// Where the next local header should start.
    pos: u64,
    /// Entries met so far (directories included).
    entries: usize,
    /// Why the central directory cannot be read: reported if the reading reaches it.
    directory: Option<ZipError>,
    /// Set once the reading has stopped (and that has been reported).
    done: bool,
}

/// One local header: its bytes (fixed part, name, extra field) and what is read from them.
struct Header {
    bytes: Vec<u8>,
    flags: u16,
    method: u16,
    /// Where the entry's data starts.
    data_start: u64,
}

/// How an entry's data ends, once found.
struct Extent {
    /// Compressed size of the data.
    compressed: u64,
    /// Sizes and checksum from a data descriptor (the header's are zero).
    descriptor: Option<Descriptor>,
    /// Where the next local header should start.
    next: u64,
}

/// What a data descriptor gives: the checksum and the uncompressed size.
#[derive(Clone, Copy)]
struct Descriptor {
    crc: u32,
    size: u64,
}

impl LocalReader {
    /// Starts reading by local headers when the archive begins with one (or a part of one);
    /// otherwise gives back the central directory's error, which stands. `directory` is why the
    /// central directory cannot be read, for the report if the reading reaches it.
    pub(in crate::input) fn start(
        mut reader: Box<dyn ReadSeek>,
        directory: ZipError,
    ) -> io::Result<Result<Self, ZipError>> {
        let len = reader.seek(SeekFrom::End(0))?;
        reader.seek(SeekFrom::Start(0))?;
        let mut sig = [0u8; 4];
        // A file cut inside its first signature (or empty) is a zip cut short too.
        let got = read_up_to(&mut reader, &mut sig)?;
        if !LOCAL_HEADER.starts_with(&sig[..got]) {
            return Ok(Err(directory));
        }
        Ok(Ok(LocalReader {
            reader,
            len,
            pos: 0,
            entries: 0,
            directory: Some(directory),
            done: false,
        }))
    }

    /// The next entry of `archive` (nested at `depth`); None when the reading has stopped.
    pub(in crate::input) fn next(
        &mut self,
        archive: &str,
        depth: u32,
        limits: &Limits,
    ) -> Option<Out> {
        while !self.done {
            match self.entry(archive, depth, limits) {
                Ok(Some(out)) => return Some(out),
                Ok(None) => {}
                Err((entry, stop)) => {
                    self.done = true;
                    // The entries before this one (this one was counted when met).
                    let before = self.entries.saturating_sub(usize::from(entry.is_some()));
                    let name = match entry {
                        Some(entry) => format!("{archive}!{entry}"),
                        None => archive.to_string(),
                    };
                    return Some(Out::error(name, InputError::ZipStopped { before, stop }));
                }
            }
        }
        None
    }

    /// The entry at `self.pos`: Ok(None) for a directory; Err with the entry's name (None
    /// for the archive itself) where the reading stops.
    fn entry(
        &mut self,
        archive: &str,
        depth: u32,
        limits: &Limits,
    ) -> Result<Option<Out>, (Option<String>, ZipStop)> {
        let header = self.header()?;
        self.entries += 1;
        let parsed = parse(&header.bytes)
            .map_err(|e| (Some(raw_name(&header.bytes)), ZipStop::Header(e)))?;
        let extent = self
            .extent(&header, parsed.compressed, limits)
            .map_err(|stop| (Some(parsed.name.clone()), stop))?;
        self.pos = extent.next;
        if parsed.is_dir {
            return Ok(None);
        }
        let name = parsed.name;
        let mut options = ZipReadOptions::new();
        if let Some(d) = extent.descriptor {
            options = options
                .override_compressed_size(extent.compressed)
                .override_uncompressed_size(d.size)
                .override_crc(d.crc);
        }
        self.goto(header.data_start)
            .map_err(|e| (Some(name.clone()), ZipStop::Io(e)))?;
        // The crate reads the header again, then the data, and not a byte further.
        let data = (&mut self.reader).take(extent.compressed);
        let mut r = header.bytes.as_slice().chain(data);
        let out = match read_zipfile_from_stream_with_options(&mut r, options) {
            Ok(Some(f)) => entry_out(archive, &name, f.size(), f, depth, limits),
            Ok(None) => Out::error(
                format!("{archive}!{name}"),
                InputError::ZipEntry(no_header()),
            ),
            Err(e) => Out::error(format!("{archive}!{name}"), InputError::ZipEntry(e)),
        };
        Ok(Some(out))
    }

    /// Moves to byte `at`, unless already there (a file's read buffer is kept).
    fn goto(&mut self, at: u64) -> io::Result<()> {
        if self.reader.stream_position()? != at {
            self.reader.seek(SeekFrom::Start(at))?;
        }
        Ok(())
    }

    /// Reads the local header at `self.pos`, or says why there is none.
    fn header(&mut self) -> Result<Header, (Option<String>, ZipStop)> {
        let io = |e| (None, ZipStop::Io(e));
        self.goto(self.pos).map_err(io)?;
        let mut fixed = [0u8; FIXED];
        let got = read_up_to(&mut self.reader, &mut fixed).map_err(io)?;
        let sig = &fixed[..got.min(4)];
        let directory = [CENTRAL_HEADER, DIRECTORY_END, ZIP64_DIRECTORY_END];
        // Nothing, or only a part of a signature: the file ends here.
        if got < 4
            && (LOCAL_HEADER.starts_with(sig) || directory.iter().any(|d| d.starts_with(sig)))
        {
            return Err((None, ZipStop::End));
        }
        if directory.iter().any(|d| d[..] == *sig) {
            let e = self.directory.take().unwrap_or(ZipError::FileNotFound);
            return Err((None, ZipStop::Directory(e)));
        }
        if !LOCAL_HEADER.starts_with(sig) {
            return Err((None, ZipStop::NotAHeader { offset: self.pos }));
        }
        if got < FIXED {
            return Err((None, ZipStop::InHeader));
        }
        let name_len = usize::from(u16_at(&fixed, 26));
        let extra_len = usize::from(u16_at(&fixed, 28));
        let mut bytes = vec![0u8; FIXED + name_len + extra_len];
        bytes[..FIXED].copy_from_slice(&fixed);
        let got = read_up_to(&mut self.reader, &mut bytes[FIXED..]).map_err(io)?;
        if got < name_len + extra_len {
            return Err((None, ZipStop::InHeader));
        }
        Ok(Header {
            flags: u16_at(&fixed, 6),
            method: u16_at(&fixed, 8),
            data_start: self.pos + bytes.len() as u64,
            bytes,
        })
    }

    /// Where the entry's data ends: from its compressed size recorded in the header, or
    /// (sizes after the data) from the data descriptor that follows it.
    fn extent(
        &mut self,
        header: &Header,
        compressed: u64,
        limits: &Limits,
    ) -> Result<Extent, ZipStop> {
        let start = header.data_start;
        let have = self.len.saturating_sub(start);
        if header.flags & SIZES_AFTER_DATA == 0 {
            if compressed > have {
                return Err(ZipStop::InEntry {
                    have,
                    need: Some(compressed),
                });
            }
            return Ok(Extent {
                compressed,
                descriptor: None,
                next: start + compressed,
            });
        }
        let (compressed, descriptor, len) = match header.method {
            DEFLATED => self.after_deflate(start, have, limits)?,
            STORED => self.after_stored(start, have, limits)?,
            method => return Err(ZipStop::SizesAfterData { method }),
        };
        Ok(Extent {
            compressed,
            descriptor: Some(descriptor),
            next: start + compressed + len,
        })
    }

    /// The deflate stream at `start` ends where inflating it ends (which is done to nowhere,
    /// up to the entry limit); its data descriptor must follow at once and agree. Gives the
    /// compressed size, the descriptor and its length.
    fn after_deflate(
        &mut self,
        start: u64,
        have: u64,
        limits: &Limits,
    ) -> Result<(u64, Descriptor, u64), ZipStop> {
        self.goto(start).map_err(ZipStop::Io)?;
        // The bufread decoder consumes from its reader the deflate stream's bytes and no
        // more, so `total_in` is the compressed size.
        let data = BufReader::new((&mut self.reader).take(have));
        let mut inflate = flate2::bufread::DeflateDecoder::new(data);
        let max = limits.max_entry_bytes;
        let mut capped = (&mut inflate).take(max.saturating_add(1));
        let size = match io::copy(&mut capped, &mut io::sink()) {
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => {
                return Err(ZipStop::InEntry { have, need: None });
            }
            Err(e) => return Err(ZipStop::Deflate(e)),
        };
        if size > max {
            return Err(ZipStop::TooLarge { max });
        }
        let compressed = inflate.total_in();
        let at = start + compressed;
        self.goto(at).map_err(ZipStop::Io)?;
        let mut b = [0u8; MAX_DESCRIPTOR];
        let got = read_up_to(&mut self.reader, &mut b).map_err(ZipStop::Io)?;
        match descriptor_at(&b[..got], compressed, size) {
            Found::Yes(d, len) => Ok((compressed, d, len)),
            Found::Short => Err(ZipStop::InEntry { have, need: None }),
            Found::No => Err(ZipStop::Descriptor),
        }
    }

    /// Stored data says nothing of where it ends: its data descriptor is looked for, as
    /// `bsdtar` does, at the first place where one gives the distance from `start` as both
    /// sizes and the checksum of the bytes before it; up to the entry limit.
    fn after_stored(
        &mut self,
        start: u64,
        have: u64,
        limits: &Limits,
    ) -> Result<(u64, Descriptor, u64), ZipStop> {
        let max = limits.max_entry_bytes;
        let window = have.min(max.saturating_add(MAX_DESCRIPTOR as u64));
        self.goto(start).map_err(ZipStop::Io)?;
        let mut b = Vec::with_capacity(usize::try_from(window).unwrap_or(0));
        (&mut self.reader)
            .take(window)
            .read_to_end(&mut b)
            .map_err(ZipStop::Io)?;
        let mut crc = flate2::Crc::new();
        let mut summed = 0;
        for k in 0..b.len() {
            let size = k as u64;
            if size > max {
                break;
            }
            let Found::Yes(d, len) = descriptor_at(&b[k..], size, size) else {
                continue;
            };
            crc.update(&b[summed..k]);
            summed = k;
            if crc.sum() == d.crc {
                return Ok((size, d, len));
            }
        }
        if window == have {
            Err(ZipStop::InEntry { have, need: None })
        } else {
            Err(ZipStop::TooLarge { max })
        }
    }
}

/// The longest data descriptor: signature, checksum, two 8-byte sizes.
const MAX_DESCRIPTOR: usize = 24;

/// Whether a data descriptor giving these sizes starts `b`.
enum Found {
    /// Yes: its checksum and its length.
    Yes(Descriptor, u64),
    /// No.
    No,
    /// `b` ends before it could tell.
    Short,
}

/// Reads a data descriptor at the start of `b` (signature optional, sizes on 4 bytes each
/// or, ZIP64, on 8), which must give these sizes.
fn descriptor_at(b: &[u8], compressed: u64, size: u64) -> Found {
    let skip = if b.starts_with(&DESCRIPTOR) { 4 } else { 0 };
    let Some(crc) = b.get(skip..skip + 4) else {
        return Found::Short;
    };
    let crc = u32::try_from(le(crc)).unwrap_or(0);
    for width in [4, 8] {
        let end = skip + 4 + 2 * width;
        let Some(sizes) = b.get(skip + 4..end) else {
            return Found::Short;
        };
        let (c, u) = sizes.split_at(width);
        if (le(c), le(u)) == (compressed, size) {
            return Found::Yes(Descriptor { crc, size }, end as u64);
        }
    }
    Found::No
}

fn no_header() -> ZipError {
    ZipError::InvalidArchive("no local header".into())
}

/// What the zip crate reads from a local header alone.
struct Parsed {
    name: String,
    is_dir: bool,
    compressed: u64,
}

/// Parses a local header with the zip crate (names and ZIP64 sizes as it reads them), no data.
fn parse(header: &[u8]) -> ZipResult<Parsed> {
    let mut r = header;
    // The data is not there: the decoder is never asked for it. An encrypted entry is
    // parsed like any other here; reading it says it needs a password.
    let f: ZipFile<'_, &[u8]> = read_zipfile_from_stream_with_options(
        &mut r,
        ZipReadOptions::new()
            .ignore_encryption_flag(true)
            .override_compressed_size(0),
    )?
    .ok_or_else(no_header)?;
    Ok(Parsed {
        name: f
            .name()
            .map_or_else(|_| raw_name(header), |n| n.into_owned()),
        is_dir: f.is_dir(),
        compressed: f.compressed_size(),
    })
}

/// The name in a local header's bytes as reports write a name that is not UTF-8.
fn raw_name(header: &[u8]) -> String {
    let len = usize::from(u16_at(header, 26));
    name_of_bytes(header.get(FIXED..FIXED + len).unwrap_or_default())
}

fn u16_at(b: &[u8], at: usize) -> u16 {
    b.get(at..at + 2)
        .map_or(0, |s| u16::try_from(le(s)).unwrap_or(0))
}

/// A little-endian number of up to 8 bytes.
fn le(s: &[u8]) -> u64 {
    s.iter().rev().fold(0, |n, &b| n << 8 | u64::from(b))
}

/// Reads until `buf` is full or the reader ends; how many bytes were read.
fn read_up_to(r: &mut impl Read, buf: &mut [u8]) -> io::Result<usize> {
    let mut got = 0;
    while got < buf.len() {
        match r.read(&mut buf[got..]) {
            Ok(0) => break,
            Ok(n) => got += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(got)
}
