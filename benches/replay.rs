//! Criterion benchmarks of the per-file pipeline: decode + parse + replay.
//!
//! The games are synthesised here (a fixed-seed random walk over empty points), so the
//! benchmark needs no corpus; `benches/compare.sh` measures the CLI on real files.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use echelle::batch::{BatchOptions, analyze_bytes};
use std::hint::black_box;

/// A 19x19 game of `moves` moves on distinct points, as SGF text.
fn synthetic_game(moves: usize, seed: u64) -> String {
    let mut state = seed;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut taken = [false; 361];
    let mut sgf = String::from("(;GM[1]FF[4]CA[UTF-8]SZ[19]KM[7.5]PB[Noir]PW[Blanc]RE[B+R]");
    for i in 0..moves {
        let mut p = (next() % 361) as usize;
        while taken[p] {
            p = (p + 1) % 361;
        }
        taken[p] = true;
        let (x, y) = ((p % 19) as u8, (p / 19) as u8);
        let colour = if i % 2 == 0 { 'B' } else { 'W' };
        sgf.push_str(&format!(
            ";{colour}[{}{}]",
            (b'a' + x) as char,
            (b'a' + y) as char
        ));
    }
    sgf.push(')');
    sgf
}

fn bench_pipeline(c: &mut Criterion) {
    let opts = BatchOptions::default();
    let games: Vec<String> = (0..32).map(|s| synthetic_game(250, s + 1)).collect();
    let mut group = c.benchmark_group("pipeline");
    group.throughput(Throughput::Elements(games.len() as u64));
    group.bench_function("decode+parse+replay 32 games of 250 moves", |b| {
        b.iter(|| {
            for g in &games {
                black_box(analyze_bytes("bench.sgf", g.as_bytes().to_vec(), &opts));
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench_pipeline);
criterion_main!(benches);
