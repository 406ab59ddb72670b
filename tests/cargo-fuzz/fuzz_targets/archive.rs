//! libFuzzer target: bytes read as a stream that may be an archive of SGF files.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let limits = echelle::input::Limits::default();
    let reader = std::io::Cursor::new(data.to_vec());
    for item in echelle::input::from_reader("fuzz", reader, &limits) {
        let _ = item.load(&limits);
    }
});
