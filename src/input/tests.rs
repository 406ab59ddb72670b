//! Tests of finding inputs: walk order, archives, nesting, limits, errors, sniffing, streams.

use super::archive::MAX_NESTING;
use super::*;
use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A fresh directory under the system temp dir, removed on drop.
struct TempDir(PathBuf);
impl TempDir {
    fn new() -> TempDir {
        static N: AtomicUsize = AtomicUsize::new(0);
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0);
        let p = std::env::temp_dir().join(format!(
            "echelle-input-{}-{}-{nanos}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&p).unwrap();
        TempDir(p)
    }
    fn write(&self, rel: &str, bytes: &[u8]) -> PathBuf {
        let p = self.0.join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(&p, bytes).unwrap();
        p
    }
}
impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn zip_bytes(entries: &[(&str, &[u8])]) -> Vec<u8> {
    let mut w = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let opts = zip::write::SimpleFileOptions::default();
    for (name, data) in entries {
        if name.ends_with('/') {
            w.add_directory(*name, opts).unwrap();
        } else {
            w.start_file(*name, opts).unwrap();
            w.write_all(data).unwrap();
        }
    }
    w.finish().unwrap().into_inner()
}

fn tar_bytes(entries: &[(&str, &[u8])]) -> Vec<u8> {
    let mut b = tar::Builder::new(Vec::new());
    for (name, data) in entries {
        let mut h = tar::Header::new_gnu();
        h.set_size(data.len() as u64);
        h.set_mode(0o644);
        h.set_cksum();
        b.append_data(&mut h, name, *data).unwrap();
    }
    b.into_inner().unwrap()
}

fn gz(data: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    e.write_all(data).unwrap();
    e.finish().unwrap()
}

/// (kind letter, name relative to the temp dir) for each item.
fn summary(items: impl Iterator<Item = Item>, root: &Path) -> Vec<String> {
    let prefix = format!("{}/", root.display());
    items
        .map(|it| {
            let k = match &it {
                Item::File { .. } => "F",
                Item::Bytes { .. } => "B",
                Item::Error { .. } => "E",
                Item::Skipped { .. } => "S",
            };
            format!("{k} {}", it.name().replace(&prefix, ""))
        })
        .collect()
}

const G: &[u8] = b"(;GM[1];B[pd])";

#[test]
fn walks_dirs_and_archives_in_order() {
    let t = TempDir::new();
    t.write("b.sgf", G);
    t.write("a.SGF", G);
    t.write("notes.txt", b"hi");
    t.write("sub/c.sgf", G);
    t.write("sub-x.sgf", G); // '-' < '/': sorts before sub/c.sgf
    let inner_tgz = gz(&tar_bytes(&[("n.sgf", G)]));
    t.write(
        "games.zip",
        &zip_bytes(&[
            ("z/1.sgf", G),
            ("dir/", b""),
            ("readme.md", b"x"),
            ("inner.tgz", &inner_tgz),
            ("Z/2.SGF", G),
        ]),
    );
    t.write("t.tar", &tar_bytes(&[("x/y.sgf", G), ("x/y.txt", b"no")]));
    t.write("u.TAR.GZ", &gz(&tar_bytes(&[("g.sgf", G)])));
    let got = summary(
        inputs(std::slice::from_ref(&t.0), &Limits::default()).unwrap(),
        &t.0,
    );
    assert_eq!(
        got,
        [
            "F a.SGF",
            "F b.sgf",
            "B games.zip!z/1.sgf",
            "S games.zip!readme.md",
            "B games.zip!inner.tgz!n.sgf",
            "B games.zip!Z/2.SGF",
            "S notes.txt",
            "F sub-x.sgf",
            "F sub/c.sgf",
            "B t.tar!x/y.sgf",
            "S t.tar!x/y.txt",
            "B u.TAR.GZ!g.sgf",
        ]
    );
}

#[test]
fn bytes_and_load_carry_content() {
    let t = TempDir::new();
    let z = t.write("a.zip", &zip_bytes(&[("g.sgf", G)]));
    let f = t.write("f.sgf", b"(;C[f])");
    let items: Vec<Item> = inputs(&[z, f], &Limits::default()).unwrap().collect();
    assert_eq!(items.len(), 2);
    // A batch bounds its chunks by these: a file by its size on disk, an entry by its bytes.
    let weights: Vec<u64> = items.iter().map(Item::weight).collect();
    assert_eq!(weights, [G.len() as u64, 7]);
    let mut it = items.into_iter();
    let (_, b) = it.next().unwrap().load(&Limits::default());
    assert_eq!(b.unwrap(), G);
    let (n, b) = it.next().unwrap().load(&Limits::default());
    assert!(n.ends_with("f.sgf"));
    assert_eq!(b.unwrap(), b"(;C[f])");
}

#[test]
fn limits_give_specific_errors() {
    let t = TempDir::new();
    let big = vec![b'x'; 100];
    let z = t.write("a.zip", &zip_bytes(&[("big.sgf", &big), ("ok.sgf", G)]));
    let tr = t.write("b.tar", &tar_bytes(&[("big.sgf", &big), ("ok.sgf", G)]));
    let f = t.write("big.sgf", &big);
    let limits = Limits {
        max_file_bytes: 50,
        max_entry_bytes: 50,
    };
    let items: Vec<Item> = inputs(&[z, tr, f], &limits).unwrap().collect();
    let msgs: Vec<String> = items
        .into_iter()
        .map(|i| match i.load(&limits) {
            (n, Ok(_)) => format!(
                "ok {}",
                Path::new(&n).file_name().unwrap().to_string_lossy()
            ),
            (_, Err(e)) => e.to_string(),
        })
        .collect();
    assert_eq!(
        msgs,
        [
            "entry is 100 bytes, over the 50-byte limit",
            "ok a.zip!ok.sgf",
            "entry is 100 bytes, over the 50-byte limit",
            "ok b.tar!ok.sgf",
            "file is 100 bytes, over the 50-byte limit",
        ]
    );
}

#[test]
fn read_limited_stops_a_lying_header() {
    let data = vec![0u8; 1000];
    let e = read_limited(&data[..], 10, 100, "entry")
        .unwrap_err()
        .to_string();
    assert!(e.contains("over the 100-byte limit"), "{e}");
    assert_eq!(
        read_limited(&data[..100], 10, 100, "entry").unwrap().len(),
        100
    );
}

#[test]
fn corrupt_archives_are_errors_and_iteration_goes_on() {
    let t = TempDir::new();
    let bad_zip = t.write("bad.zip", b"PK\x03\x04 this is not really a zip");
    let mut tgz = gz(&tar_bytes(&[("a.sgf", G), ("b.sgf", &vec![b'x'; 5000])]));
    tgz.truncate(tgz.len() / 2 + 20);
    let bad_tgz = t.write("bad.tgz", &tgz);
    let good = t.write("good.sgf", G);
    let items: Vec<Item> = inputs(&[bad_zip, bad_tgz, good], &Limits::default())
        .unwrap()
        .collect();
    let got = summary(items.into_iter(), &t.0);
    assert_eq!(got.first().map(String::as_str), Some("E bad.zip"));
    assert!(got.contains(&"E bad.tgz".to_string()), "{got:?}");
    assert_eq!(got.last().map(String::as_str), Some("F good.sgf"));
}

#[test]
fn missing_top_level_path_is_usage_error() {
    let t = TempDir::new();
    let e = inputs(&[t.0.join("nope.sgf")], &Limits::default())
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("nope.sgf"), "{e}");
}

#[cfg(unix)]
#[test]
fn symlinked_directories_are_not_followed() {
    let t = TempDir::new();
    t.write("d/a.sgf", G);
    std::os::unix::fs::symlink(&t.0, t.0.join("d/loop")).unwrap();
    std::os::unix::fs::symlink(t.0.join("d/a.sgf"), t.0.join("d/link.sgf")).unwrap();
    let got = summary(
        inputs(std::slice::from_ref(&t.0), &Limits::default()).unwrap(),
        &t.0,
    );
    assert_eq!(got, ["F d/a.sgf", "F d/link.sgf", "S d/loop"]);
}

#[test]
fn sniffs_streams() {
    assert_eq!(sniff(&zip_bytes(&[("a.sgf", G)])), Kind::Zip);
    assert_eq!(sniff(&gz(G)), Kind::TarGz);
    assert_eq!(sniff(&tar_bytes(&[("a.sgf", G)])), Kind::Tar);
    assert_eq!(sniff(G), Kind::Sgf);
    assert_eq!(sniff(b""), Kind::Sgf);
    // A 512-byte SGF of spaces must not pass the tar checksum test.
    assert_eq!(sniff(&[b' '; 600]), Kind::Sgf);
    // Old v7 tar header: no ustar magic, valid checksum.
    let mut v7 = tar_bytes(&[("a.sgf", G)]);
    v7[257..265].fill(0);
    let sum: u32 = v7[..512]
        .iter()
        .enumerate()
        .map(|(i, &b)| {
            if (148..156).contains(&i) {
                32
            } else {
                u32::from(b)
            }
        })
        .sum();
    v7[148..156].copy_from_slice(format!("{sum:06o}\0 ").as_bytes());
    assert_eq!(sniff(&v7), Kind::Tar);
}

#[test]
fn names_by_extension() {
    assert_eq!(kind_of_name("a/B.SGF"), Kind::Sgf);
    assert_eq!(kind_of_name("x.Tgz"), Kind::TarGz);
    assert_eq!(kind_of_name("x.tar.GZ"), Kind::TarGz);
    assert_eq!(kind_of_name("x.sgf.txt"), Kind::Other);
}

#[test]
fn streams_like_stdin() {
    let l = Limits::default();
    let one = |data: Vec<u8>| summary(from_reader("-", Cursor::new(data), &l), Path::new("/"));
    assert_eq!(one(G.to_vec()), ["B -"]);
    assert_eq!(one(gz(G)), ["B -"]);
    assert_eq!(one(tar_bytes(&[("a.sgf", G)])), ["B -!a.sgf"]);
    assert_eq!(
        one(gz(&tar_bytes(&[("a.sgf", G), ("b.sgf", G)]))),
        ["B -!a.sgf", "B -!b.sgf"]
    );
    assert_eq!(one(zip_bytes(&[("a.sgf", G)])), ["B -!a.sgf"]);
    let small = Limits {
        max_file_bytes: 5,
        ..l
    };
    let got: Vec<Item> = from_reader("-", Cursor::new(G.to_vec()), &small).collect();
    assert!(
        matches!(&got[..], [Item::Error { error, .. }] if error.to_string().contains("5-byte limit"))
    );
}

#[test]
fn nested_too_deep_is_skipped() {
    let mut data = zip_bytes(&[("g.sgf", G)]);
    for _ in 0..MAX_NESTING + 1 {
        data = zip_bytes(&[("n.zip", &data)]);
    }
    let got = summary(
        from_reader("-", Cursor::new(data), &Limits::default()),
        Path::new("/"),
    );
    assert_eq!(got.len(), 1);
    assert!(
        got[0].starts_with("S -!n.zip!n.zip!n.zip!n.zip!n.zip"),
        "{got:?}"
    );
}

#[test]
fn inputs_is_send() {
    fn send<T: Send>() {}
    send::<Inputs>();
    send::<Item>();
}

#[test]
fn names_that_are_not_utf8_are_escaped_and_found_again() {
    assert_eq!(name_of_bytes(b"dir/a.sgf"), "dir/a.sgf");
    // A plain UTF-8 name with a backslash is left as it is.
    assert_eq!(name_of_bytes(b"a\\b.sgf"), "a\\b.sgf");
    let raw = b"caf\xe9\\x.sgf";
    let name = name_of_bytes(raw);
    assert_eq!(name, "caf\\xE9\\\\x.sgf");
    assert_eq!(bytes_of_name(&name).as_deref(), Some(&raw[..]));
    assert_eq!(bytes_of_name("plain.sgf"), None);
    assert_eq!(bytes_of_name("bad\\xZZ.sgf"), None);
}

#[cfg(unix)]
#[test]
fn a_file_with_a_latin1_name_is_reported_under_a_name_that_finds_it() {
    use std::os::unix::ffi::OsStrExt;
    let dir = TempDir::new();
    let path = dir
        .0
        .join(std::ffi::OsStr::from_bytes(b"partie-\xe9t\xe9.sgf"));
    if std::fs::write(&path, G).is_err() {
        // Some file systems refuse such names: nothing to check there.
        return;
    }
    let names: Vec<String> = inputs(std::slice::from_ref(&dir.0), &Limits::default())
        .unwrap_or_else(|e| panic!("{e}"))
        .map(|i| i.name().to_string())
        .collect();
    assert_eq!(names.len(), 1);
    assert!(names[0].ends_with("partie-\\xE9t\\xE9.sgf"), "{names:?}");
    assert_eq!(path_of_name(&names[0]), path);
}

/// Three SGF entries for the truncated-zip tests (the second long enough to be cut in its
/// middle).
fn three_games() -> [(&'static str, Vec<u8>); 3] {
    let mut long = b"(;GM[1]C[".to_vec();
    for i in 0..400u32 {
        long.extend_from_slice(format!("{i} ").as_bytes());
    }
    long.extend_from_slice(b"])");
    [
        ("a.sgf", G.to_vec()),
        ("dir/b.sgf", long),
        ("c.sgf", b"(;GM[1];W[dd])".to_vec()),
    ]
}

/// The three games zipped: `stored`, or deflated but for the first; `stream`: as a writer
/// that cannot seek writes them, sizes after the data (data descriptors), all deflated unless
/// `stored`.
fn three_zipped(stream: bool, stored: bool) -> Vec<u8> {
    let method = |i: usize| {
        if stored || (i == 0 && !stream) {
            zip::CompressionMethod::Stored
        } else {
            zip::CompressionMethod::Deflated
        }
    };
    let opts = |i| zip::write::SimpleFileOptions::default().compression_method(method(i));
    let games = three_games();
    if stream {
        let mut w = zip::ZipWriter::new_stream(Vec::new());
        for (i, (name, data)) in games.iter().enumerate() {
            w.start_file(*name, opts(i)).unwrap();
            w.write_all(data).unwrap();
        }
        w.finish().unwrap().into_inner()
    } else {
        let mut w = zip::ZipWriter::new(Cursor::new(Vec::new()));
        for (i, (name, data)) in games.iter().enumerate() {
            w.start_file(*name, opts(i)).unwrap();
            w.write_all(data).unwrap();
        }
        w.finish().unwrap().into_inner()
    }
}

/// Where each entry's local header and data start and where its data (and descriptor) ends,
/// and where the central directory starts.
struct Layout {
    header: Vec<u64>,
    data: Vec<(u64, u64)>,
    end: Vec<u64>,
    directory: u64,
}

fn layout(zipped: &[u8]) -> Layout {
    let mut a = zip::ZipArchive::new(Cursor::new(zipped)).unwrap();
    let mut l = Layout {
        header: vec![],
        data: vec![],
        end: vec![],
        directory: 0,
    };
    for i in 0..a.len() {
        let f = a.by_index(i).unwrap();
        l.header.push(f.header_start());
        l.data.push((
            f.data_start().unwrap(),
            f.data_start().unwrap() + f.compressed_size(),
        ));
        if i == 0 {
            l.directory = f.central_header_start();
        }
    }
    l.end = l.header[1..].to_vec();
    l.end.push(l.directory);
    l
}

/// Each item as `name: length` (bytes read) or `name: message` (an error).
fn described(items: impl Iterator<Item = Item>, root: &str) -> Vec<String> {
    let l = Limits::default();
    items
        .map(|it| {
            let (name, r) = it.load(&l);
            let name = name.replace(root, "");
            match r {
                Ok(b) => format!("{name}: {}", b.len()),
                Err(e) => format!("{name}: {e}"),
            }
        })
        .collect()
}

fn read_zip_file(zipped: &[u8]) -> Vec<String> {
    let t = TempDir::new();
    let p = t.write("t.zip", zipped);
    described(
        inputs(&[p], &Limits::default()).unwrap(),
        &format!("{}/", t.0.display()),
    )
}

const TRUNCATED: &str = "zip archive truncated";
const LOST: &str = "no central directory: nothing from here on can be read";

#[test]
fn a_truncated_zip_gives_the_entries_before_the_cut() {
    let z = three_zipped(false, false);
    let l = layout(&z);
    let len = |i: usize| three_games()[i].1.len();
    let (a, b, c) = (
        format!("t.zip!a.sgf: {}", len(0)),
        format!("t.zip!dir/b.sgf: {}", len(1)),
        format!("t.zip!c.sgf: {}", len(2)),
    );
    let (start, end) = l.data[1];
    let middle = (start + end) / 2;
    let cases: Vec<(u64, Vec<String>)> = vec![
        (
            0,
            vec![format!(
                "t.zip: {TRUNCATED}: no central directory; no entry before it"
            )],
        ),
        (
            10,
            vec![format!(
                "t.zip: {TRUNCATED} inside a local header; {LOST}; no entry before it"
            )],
        ),
        (
            l.header[1],
            vec![
                a.clone(),
                format!(
                    "t.zip: {TRUNCATED}: no central directory; \
                     1 entry before it read from its local header"
                ),
            ],
        ),
        (
            middle,
            vec![
                a.clone(),
                format!(
                    "t.zip!dir/b.sgf: {TRUNCATED} inside this entry ({} of {} bytes of data); \
                     {LOST}; 1 entry before it read from its local header",
                    middle - start,
                    end - start
                ),
            ],
        ),
        (
            l.directory,
            vec![
                a.clone(),
                b.clone(),
                c.clone(),
                format!(
                    "t.zip: {TRUNCATED}: no central directory; \
                     3 entries before it read from their local headers"
                ),
            ],
        ),
        (
            (l.directory + z.len() as u64) / 2,
            vec![
                a.clone(),
                b.clone(),
                c.clone(),
                "t.zip: zip archive truncated or corrupt: its central directory cannot be \
                 read (invalid Zip archive: Could not find EOCD); \
                 3 entries before it read from their local headers"
                    .to_string(),
            ],
        ),
        (z.len() as u64, vec![a, b, c]),
    ];
    for (cut, want) in cases {
        let cut = usize::try_from(cut).unwrap();
        assert_eq!(read_zip_file(&z[..cut]), want, "cut at {cut}");
    }
}

#[test]
fn a_truncated_zip_keeps_its_entries_contents_and_goes_on_past_a_bad_one() {
    let z = three_zipped(false, false);
    let l = layout(&z);
    let mut cut = z[..usize::try_from(l.directory).unwrap()].to_vec();
    // A byte of a.sgf's stored data changed: its checksum fails, the others are read.
    cut[usize::try_from(l.data[0].0).unwrap() + 3] ^= 1;
    let items: Vec<Item> = from_reader("-", Cursor::new(cut), &Limits::default()).collect();
    let games = three_games();
    let got: Vec<(String, Result<Vec<u8>, String>)> = items
        .into_iter()
        .map(|it| {
            let (n, r) = it.load(&Limits::default());
            (n, r.map_err(|e| e.to_string()))
        })
        .collect();
    assert_eq!(got.len(), 4, "{got:?}");
    assert_eq!(got[0].0, "-!a.sgf");
    assert!(
        matches!(&got[0].1, Err(e) if e.contains("checksum")),
        "{:?}",
        got[0]
    );
    assert_eq!(got[1], ("-!dir/b.sgf".to_string(), Ok(games[1].1.clone())));
    assert_eq!(got[2], ("-!c.sgf".to_string(), Ok(games[2].1.clone())));
    assert!(matches!(&got[3], (n, Err(e)) if n == "-" && e.starts_with(TRUNCATED)));
}

#[test]
fn a_truncated_zip_on_standard_input_or_nested_gives_its_complete_entries() {
    let z = three_zipped(false, false);
    let (start, end) = layout(&z).data[1];
    let cut = z[..usize::try_from((start + end) / 2).unwrap()].to_vec();
    let stdin = described(
        from_reader("-", Cursor::new(cut.clone()), &Limits::default()),
        "",
    );
    assert_eq!(stdin.len(), 2, "{stdin:?}");
    assert_eq!(stdin[0], "-!a.sgf: 14");
    assert!(stdin[1].starts_with("-!dir/b.sgf: zip archive truncated inside this entry"));

    let tgz = gz(&tar_bytes(&[
        ("x.sgf", G),
        ("inner.zip", &cut),
        ("y.sgf", G),
    ]));
    let t = TempDir::new();
    let p = t.write("t.tgz", &tgz);
    let got = summary(inputs(&[p], &Limits::default()).unwrap(), &t.0);
    assert_eq!(
        got,
        [
            "B t.tgz!x.sgf",
            "B t.tgz!inner.zip!a.sgf",
            "E t.tgz!inner.zip!dir/b.sgf",
            "B t.tgz!y.sgf",
        ]
    );
}

#[test]
fn a_truncated_zip_with_sizes_after_the_data_is_read_by_its_descriptors() {
    let lens: Vec<usize> = three_games().iter().map(|g| g.1.len()).collect();
    // Deflated: each entry ends where its deflate stream ends; stored: at the descriptor that
    // agrees with the bytes before it.
    for stored in [false, true] {
        let z = three_zipped(true, stored);
        let l = layout(&z);
        assert_eq!(
            read_zip_file(&z[..usize::try_from(l.directory).unwrap()]),
            [
                format!("t.zip!a.sgf: {}", lens[0]),
                format!("t.zip!dir/b.sgf: {}", lens[1]),
                format!("t.zip!c.sgf: {}", lens[2]),
                format!(
                    "t.zip: {TRUNCATED}: no central directory; \
                     3 entries before it read from their local headers"
                ),
            ],
            "stored: {stored}"
        );
        // Cut in b.sgf: the end of its data is not there.
        let (start, end) = l.data[1];
        assert_eq!(
            read_zip_file(&z[..usize::try_from((start + end) / 2).unwrap()]),
            [
                format!("t.zip!a.sgf: {}", lens[0]),
                format!(
                    "t.zip!dir/b.sgf: {TRUNCATED} inside this entry ({} bytes of data, sizes \
                     recorded after the data (data descriptor)); {LOST}; \
                     1 entry before it read from its local header",
                    (end - start) / 2
                ),
            ],
            "stored: {stored}"
        );
    }
}

#[test]
fn a_truncated_zip_keeps_the_entry_limit() {
    let limits = Limits {
        max_file_bytes: 1 << 20,
        max_entry_bytes: 100,
    };
    let read = |z: &[u8]| {
        let cut = z[..usize::try_from(layout(z).directory).unwrap()].to_vec();
        described(from_reader("-", Cursor::new(cut), &limits), "")
            .into_iter()
            .map(|s| s.split(';').next().unwrap_or_default().to_string())
            .collect::<Vec<_>>()
    };
    // Sizes in the header: b.sgf is over the limit and skipped, c.sgf is read.
    let len = three_games()[1].1.len();
    assert_eq!(
        read(&three_zipped(false, false)),
        [
            "-!a.sgf: 14".to_string(),
            format!("-!dir/b.sgf: entry is {len} bytes, over the 100-byte limit"),
            "-!c.sgf: 14".to_string(),
            format!("-: {TRUNCATED}: no central directory"),
        ]
    );
    // Sizes after the data: b.sgf's end is not looked for past the limit.
    for stored in [false, true] {
        assert_eq!(
            read(&three_zipped(true, stored)),
            [
                "-!a.sgf: 14",
                "-!dir/b.sgf: entry over the 100-byte limit, sizes recorded after the data \
                 (data descriptor): its end is not looked for",
            ]
        );
    }
}

#[test]
fn a_zip_cut_anywhere_gives_the_entries_before_the_cut_and_one_error() {
    for (stream, stored) in [(false, false), (true, false), (true, true)] {
        let z = three_zipped(stream, stored);
        let l = layout(&z);
        let games = three_games();
        // Below 4 bytes the stream is no zip by its first bytes.
        for cut in 4..=z.len() {
            let items: Vec<Item> =
                from_reader("-", Cursor::new(z[..cut].to_vec()), &Limits::default()).collect();
            let complete = l.end.iter().filter(|&&e| e <= cut as u64).count();
            let mut it = items.into_iter();
            for (name, data) in games.iter().take(complete) {
                match it.next() {
                    Some(Item::Bytes { name: n, bytes }) => {
                        assert_eq!((n.as_str(), &bytes), (format!("-!{name}").as_str(), data));
                    }
                    other => panic!("cut at {cut}: {other:?}"),
                }
            }
            let rest: Vec<Item> = it.collect();
            if cut == z.len() {
                assert!(rest.is_empty(), "cut at {cut}: {rest:?}");
            } else {
                assert!(
                    matches!(&rest[..], [Item::Error { .. }]),
                    "cut at {cut} ({stream}, {stored}): {rest:?}"
                );
            }
        }
    }
}

#[test]
fn a_zip_without_its_directory_stops_where_no_local_header_is() {
    let z = three_zipped(false, false);
    let l = layout(&z);
    let mut cut = z[..usize::try_from(l.directory).unwrap()].to_vec();
    let second = usize::try_from(l.header[1]).unwrap();
    cut[second..second + 4].copy_from_slice(b"junk");
    assert_eq!(
        read_zip_file(&cut),
        [
            "t.zip!a.sgf: 14".to_string(),
            format!(
                "t.zip: zip archive corrupt: no local header at byte {second}; {LOST}; \
                 1 entry before it read from its local header"
            ),
        ]
    );
}

#[test]
fn units_list_a_walk_in_its_order_with_archives_unopened_and_other_files_left_out() {
    let d = TempDir::new();
    d.write("b/z.sgf", b"(;)");
    d.write("b/a.SGF", b"(;)");
    d.write("a.sgf", b"(;)");
    d.write("notes.txt", b"x");
    d.write("b-c.zip", b"not really a zip");
    d.write("b/sub/m.sgf", b"(;)");
    let units = units(std::slice::from_ref(&d.0)).unwrap();
    let names: Vec<String> = units
        .iter()
        .map(|p| p.strip_prefix(&d.0).unwrap().display().to_string())
        .collect();
    // Directories sort as `name/`: `b-c.zip` (0x2D) before `b/` (0x2F).
    assert_eq!(
        names,
        ["a.sgf", "b-c.zip", "b/a.SGF", "b/sub/m.sgf", "b/z.sgf"]
    );
    // The walk reads the same files in the same order (the zip as its one error item).
    let walked: Vec<String> = inputs(std::slice::from_ref(&d.0), &Limits::default())
        .unwrap()
        .filter(|i| !matches!(i, Item::Skipped { .. }))
        .map(|i| i.name().to_string())
        .collect();
    let given: Vec<String> = units.iter().map(|p| display(p)).collect();
    assert_eq!(walked, given);
    assert!(matches!(
        super::units(&[d.0.join("missing")]),
        Err(InputError::Path { .. })
    ));
}

#[test]
fn a_name_from_a_report_is_read_again_through_its_archives() {
    let t = TempDir::new();
    let inner = zip_bytes(&[("c.sgf", b"(;C)"), ("d/e.sgf", b"(;E)")]);
    let tar = tar_bytes(&[("x.zip", &inner), ("top.sgf", b"(;T)")]);
    let tgz = t.write("we!rd/a.tar.gz", &gz(&tar));
    t.write("plain.sgf", b"(;P)");
    let limits = Limits::default();
    let root = t.0.display().to_string();
    let a = tgz.display().to_string();
    // Every name the walk gives is read back to the same bytes (a `!` in a folder's name too).
    for item in inputs(std::slice::from_ref(&t.0), &limits).unwrap() {
        let (name, bytes) = item.load(&limits);
        assert_eq!(read_named(&name, &limits).ok(), bytes.ok(), "{name}");
    }
    assert_eq!(
        read_named(&format!("{a}!x.zip!d/e.sgf"), &limits).unwrap(),
        b"(;E)"
    );
    assert_eq!(
        read_named(&format!("{root}/plain.sgf"), &limits).unwrap(),
        b"(;P)"
    );
    match read_named(&format!("{a}!x.zip!e.sgf"), &limits) {
        Err(LookupError::NoEntry {
            archive,
            entry,
            examples,
            total,
        }) => {
            assert_eq!(archive, format!("{a}!x.zip"));
            assert_eq!(entry, "e.sgf");
            assert_eq!(examples, ["d/e.sgf", "c.sgf"], "the same file name first");
            assert_eq!(total, 2);
        }
        other => panic!("{other:?}"),
    }
    match read_named(&a, &limits) {
        Err(LookupError::IsArchive {
            examples, total, ..
        }) => {
            assert_eq!(
                examples,
                ["x.zip", "top.sgf"],
                "a nested archive is one entry"
            );
            assert_eq!(total, 2);
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        read_named(&format!("{a}!top.sgf!c.sgf"), &limits),
        Err(LookupError::NotAnArchive { name }) if name == format!("{a}!top.sgf")
    ));
    assert!(matches!(
        read_named(&format!("{root}/plain.sgf!c.sgf"), &limits),
        Err(LookupError::NotAnArchive { .. })
    ));
    assert!(matches!(
        read_named(&root, &limits),
        Err(LookupError::Directory { .. })
    ));
    assert!(matches!(
        read_named(&format!("{root}/none.zip!c.sgf"), &limits),
        Err(LookupError::NoFile { .. })
    ));
    // The limits hold: an entry over them is the walk's own error.
    let small = Limits {
        max_entry_bytes: 3,
        ..limits
    };
    assert!(matches!(
        read_named(&format!("{a}!top.sgf"), &small),
        Err(LookupError::Unreadable {
            error: InputError::TooLarge { .. },
            ..
        })
    ));
}

#[test]
fn a_name_on_standard_input_is_read_from_the_stream() {
    let limits = Limits::default();
    let zipped = zip_bytes(&[("a.sgf", b"(;A)"), ("b.sgf", b"(;B)")]);
    let read =
        |name: &str, bytes: &[u8]| read_named_from(name, Cursor::new(bytes.to_vec()), &limits);
    assert_eq!(read("-", b"(;S)").unwrap(), b"(;S)");
    assert_eq!(read("-!b.sgf", &zipped).unwrap(), b"(;B)");
    assert_eq!(
        read("-!b.sgf", &gz(&tar_bytes(&[("b.sgf", b"(;G)")]))).unwrap(),
        b"(;G)"
    );
    assert!(matches!(
        read("-", &zipped),
        Err(LookupError::IsArchive { total: 2, .. })
    ));
    assert!(matches!(
        read("-!c.sgf", &zipped),
        Err(LookupError::NoEntry { .. })
    ));
    assert!(matches!(
        read("-!c.sgf", b"(;S)"),
        Err(LookupError::NotAnArchive { .. })
    ));
    let e = read("-!c.sgf", &zipped).unwrap_err().to_string();
    assert_eq!(
        e,
        "standard input (-) has no entry c.sgf; its 2 entries include a.sgf, b.sgf"
    );
}
