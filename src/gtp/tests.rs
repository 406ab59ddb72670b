//! The GTP client against fake engines (shell scripts) and its protocol helpers.

use super::*;

fn pt(x: u8, y: u8) -> Point {
    Point { x, y }
}

#[test]
fn vertices_format_with_rows_from_the_bottom() {
    assert_eq!(format_vertex(pt(0, 18), 19).as_deref(), Ok("A1"));
    assert_eq!(format_vertex(pt(18, 0), 19).as_deref(), Ok("T19"));
    assert_eq!(format_vertex(pt(8, 9), 19).as_deref(), Ok("J10"));
    assert_eq!(format_vertex(pt(7, 0), 9).as_deref(), Ok("H9"));
    assert_eq!(format_vertex(pt(8, 8), 9).as_deref(), Ok("J1"));
    assert_eq!(format_vertex(pt(24, 0), 25).as_deref(), Ok("Z25"));
    assert!(format_vertex(pt(19, 0), 19).is_err());
    assert!(format_vertex(pt(0, 0), 26).is_err());
}

#[test]
fn vertices_parse_skipping_i() {
    assert_eq!(parse_vertex("A1", 19), Ok(Some(pt(0, 18))));
    assert_eq!(parse_vertex("t19", 19), Ok(Some(pt(18, 0))));
    assert_eq!(parse_vertex("J10", 19), Ok(Some(pt(8, 9))));
    assert_eq!(parse_vertex("H10", 19), Ok(Some(pt(7, 9))));
    assert_eq!(parse_vertex("Z1", 25), Ok(Some(pt(24, 24))));
    assert_eq!(parse_vertex("PASS", 9), Ok(None));
    for bad in ["I5", "A0", "A20", "T1x", "", "5", "K1", "A-1", "A+1"] {
        assert!(
            parse_vertex(bad, if bad == "K1" { 9 } else { 19 }).is_err(),
            "{bad}"
        );
    }
}

#[test]
fn vertices_round_trip_on_every_size() {
    for size in 1..=25u8 {
        for x in 0..size {
            for y in 0..size {
                let v = format_vertex(pt(x, y), size).unwrap();
                assert!(!v.contains('I'));
                assert_eq!(parse_vertex(&v, size), Ok(Some(pt(x, y))));
            }
        }
    }
}

#[test]
fn responses_parse() {
    assert_eq!(parse_response("= GNU Go"), Ok("GNU Go".to_string()));
    assert_eq!(parse_response("="), Ok(String::new()));
    assert_eq!(parse_response("=12 2"), Ok("2".to_string()));
    assert_eq!(parse_response("= A1 B2\nC3"), Ok("A1 B2\nC3".to_string()));
    let failure = |r: &str| parse_response(r).map_err(|e| e.to_string());
    assert_eq!(failure("? illegal move"), Err("illegal move".to_string()));
    assert_eq!(
        failure("?3 unknown command"),
        Err("unknown command".to_string())
    );
    assert_eq!(failure("?"), Err("engine error".to_string()));
    assert!(parse_response("hello").is_err());
}

#[test]
fn engine_arguments_need_gtp_and_a_command() {
    assert_eq!(command_of("gtp:gnugo --mode gtp"), Ok("gnugo --mode gtp"));
    for bad in ["gnugo", "gtp:", "gtp:  ", "GTP:gnugo", ""] {
        assert_eq!(command_of(bad), Err(NotGtpCommand), "{bad:?}");
    }
}

#[test]
fn commands_split_with_quotes() {
    assert_eq!(
        split_command("gnugo --mode gtp  --level 10").unwrap(),
        vec!["gnugo", "--mode", "gtp", "--level", "10"]
    );
    assert_eq!(
        split_command(r#"'/opt/my engine/katago' gtp -config "a b.cfg" x\ y"#).unwrap(),
        vec!["/opt/my engine/katago", "gtp", "-config", "a b.cfg", "x y"]
    );
    assert_eq!(split_command("a ''").unwrap(), vec!["a", ""]);
    assert!(split_command("a 'b").is_err());
    assert!(split_command("   ").unwrap().is_empty());
}

#[test]
fn io_messages_lose_the_os_error_tail() {
    let e = std::io::Error::from_raw_os_error(2);
    assert_eq!(io_message(&e), "No such file or directory");
}

#[test]
fn empty_and_missing_engines_fail_clearly() {
    assert!(GtpEngine::start("  ").is_err());
    let err = GtpEngine::start("echelle-no-such-gtp-engine --mode gtp")
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert_eq!(
        err,
        "cannot start GTP engine `echelle-no-such-gtp-engine`: No such file or directory (is it installed?)"
    );
}
