//! Rating speed: incremental engines are linear in the number of games; WHR on 100k games.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use echelle::rating::{EngineKind, GameInput, RateOptions, rate};
use echelle::record::{ResultKind, Winner};
use std::hint::black_box;
use std::time::Duration;

/// Synthetic archive: `n` games among `players` drifting players, 50 games a day.
fn synthetic(n: usize, players: usize) -> Vec<GameInput> {
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (x >> 11) as f64 / (1u64 << 53) as f64
    };
    let mut strength: Vec<f64> = (0..players).map(|_| next() * 1500.0 - 1000.0).collect();
    let names: Vec<String> = (0..players).map(|i| format!("Player {i}")).collect();
    (0..n)
        .map(|i| {
            let day = i / 50;
            let a = (next() * players as f64) as usize % players;
            let b = (a + 1 + (next() * 40.0) as usize) % players;
            strength[a] += (next() - 0.5) * 10.0;
            let h = ((strength[a] - strength[b]).abs() / 100.0).min(9.0) as u32;
            let (black, white) = if strength[a] < strength[b] {
                (a, b)
            } else {
                (b, a)
            };
            let p = 1.0
                / (1.0
                    + (-(strength[black] + 100.0 * f64::from(h) - strength[white]) / 90.0).exp());
            GameInput {
                file: format!("f{}.sgf", i / 1000),
                game: (i % 1000) as u32,
                date: Some(format!(
                    "{}-{:02}-{:02}",
                    1990 + day / 336,
                    (day % 336) / 28 + 1,
                    day % 28 + 1
                )),
                event: None,
                round: None,
                black: Some(names[black].clone()),
                white: Some(names[white].clone()),
                black_rank: None,
                white_rank: None,
                black_licence: None,
                white_licence: None,
                handicap: if h >= 2 { h } else { 0 },
                komi: Some(if h >= 2 { 0.5 } else { 7.5 }),
                width: 19,
                height: 19,
                winner: if next() < p {
                    Winner::Black
                } else {
                    Winner::White
                },
                kind: Some(ResultKind::Resign),
                count: None,
                origin: echelle::rating::Origin::Record,
                fingerprint: None,
            }
        })
        .collect()
}

fn opts(kind: EngineKind) -> RateOptions {
    RateOptions {
        engines: vec![kind],
        keep_history: false,
        keep_predictions: false,
        default_level: -500.0,
        ..RateOptions::default()
    }
}

fn incremental(c: &mut Criterion) {
    let mut g = c.benchmark_group("rate");
    g.sample_size(10)
        .warm_up_time(Duration::from_millis(200))
        .measurement_time(Duration::from_secs(3));
    for n in [100_000usize, 1_000_000] {
        let games = synthetic(n, 5_000);
        for kind in [
            EngineKind::Ffg1984,
            EngineKind::Elo,
            EngineKind::Egf,
            EngineKind::Glicko2,
        ] {
            g.bench_with_input(BenchmarkId::new(kind.name(), n), &games, |b, games| {
                b.iter(|| black_box(rate(games, &opts(kind)).map(|r| r.engines[0].rated)))
            });
        }
    }
    let games = synthetic(100_000, 2_000);
    g.bench_with_input(BenchmarkId::new("whr", 100_000), &games, |b, games| {
        b.iter(|| black_box(rate(games, &opts(EngineKind::Whr)).map(|r| r.engines[0].rated)))
    });
    g.finish();
}

criterion_group!(benches, incremental);
criterion_main!(benches);
