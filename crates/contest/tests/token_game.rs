//! The token game's judge output, byte for byte, on the official sample and the verified
//! small cases.

use std::fs;
use std::path::Path;

use geography_contest::judge_jsoi2009 as judge;
use geography_testing::assert_located;

#[test]
fn every_case_in_testdata_matches_byte_for_byte() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/jsoi2009");
    let mut cases = 0;
    for entry in fs::read_dir(&dir).unwrap() {
        let input = entry.unwrap().path();
        if input.extension().is_some_and(|e| e == "in") {
            let expected = fs::read_to_string(input.with_extension("out")).unwrap();
            let got = judge(&fs::read(&input).unwrap()).unwrap();
            assert_eq!(got, expected, "{}", input.display());
            cases += 1;
        }
    }
    assert_eq!(cases, 41);
}

#[test]
fn malformed_input_is_located() {
    for (input, (line, column), words) in [
        (&b""[..], (1, 1), "empty input"),
        (b"3 3\n.##\n..\n#.#\n", (3, 1), "row 2 has 2 cells"),
        (b"2 2\n..\n.x\n", (3, 2), "unexpected character 'x'"),
        (b"2 -2\n", (1, 3), "number of columns"),
        (b"2 2\n..\n..\n..\n", (4, 1), "after the end"),
    ] {
        assert_located(&judge(input).unwrap_err(), (line, column), &[words]);
    }
}
