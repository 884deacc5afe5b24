//! Every input that ever found a bug by fuzzing stays fixed: each file under
//! `testdata/fuzz-regressions/TARGET/` runs through the check of the fuzz target `TARGET`
//! ([`geography_testing::fuzz`], which the target calls too, so the fuzzer and this test
//! share one definition of "correct"). Found by `scripts/fuzz`; see the README for how to
//! add one.

use std::panic;
use std::path::Path;

use geography_testing::fuzz as fuzz_checks;

#[test]
fn every_committed_fuzz_finding_stays_fixed() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/fuzz-regressions");
    let mut failures = Vec::new();
    let mut count = 0;
    for folder in std::fs::read_dir(&root).expect("testdata/fuzz-regressions") {
        let folder = folder.expect("a readable folder").path();
        if !folder.is_dir() {
            continue;
        }
        let name = folder.file_name().and_then(|n| n.to_str()).unwrap_or("?");
        let Some((_, check)) = fuzz_checks::TARGETS
            .iter()
            .find(|(target, _)| *target == name)
        else {
            panic!("testdata/fuzz-regressions/{name}: no fuzz target of that name");
        };
        let mut files: Vec<_> = std::fs::read_dir(&folder)
            .expect("a readable folder")
            .map(|entry| entry.expect("a readable entry").path())
            .collect();
        files.sort();
        for file in files {
            let data = std::fs::read(&file).expect("a readable input");
            if panic::catch_unwind(|| check(&data)).is_err() {
                failures.push(format!("{name}/{}", file.display()));
            }
            count += 1;
        }
    }
    assert!(count > 0, "no regression inputs found");
    assert!(failures.is_empty(), "failing: {failures:?}");
}
