//! Criterion benchmark of the dead-stone estimate on finished 19x19 positions: the final
//! positions of the bundled `samples/championnat-2025.tar.gz` (GNU Go games written by
//! `samples/generate.py`), so it needs no corpus.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use echelle::analyze::replay_record;
use echelle::batch::read_records;
use echelle::board::Position;
use echelle::life::{DeadStoneMethod, EstimateParams, decide_with};
use echelle::rules::Rules;
use std::hint::black_box;
use std::path::PathBuf;

/// Final positions of every 19x19 game in the archive.
fn positions() -> Vec<Position> {
    let archive = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("samples/championnat-2025.tar.gz");
    let records = read_records(&[archive]).unwrap_or_default();
    records
        .iter()
        .map(|(_, game)| replay_record(game, &Rules::french()).1.position)
        .filter(|p| p.width == 19 && p.height == 19)
        .collect()
}

fn bench_estimate(c: &mut Criterion) {
    let positions = positions();
    assert!(
        !positions.is_empty(),
        "samples/championnat-2025.tar.gz has 19x19 games"
    );
    let params = EstimateParams::default();
    let mut group = c.benchmark_group("life");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function(
        format!("estimate {} final 19x19 positions", positions.len()),
        |b| {
            b.iter(|| {
                for p in &positions {
                    black_box(decide_with(p, None, DeadStoneMethod::Estimate, params));
                }
            })
        },
    );
    group.finish();
}

criterion_group!(benches, bench_estimate);
criterion_main!(benches);
