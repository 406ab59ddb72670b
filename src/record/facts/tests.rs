//! Tests of the fact parsers on real-world forms: sizes, dates, results, komi, rules, numbers.

use super::*;

fn date(raw: &str) -> (Option<String>, Option<String>) {
    let d = parse_date(raw);
    assert_eq!(d.raw, raw);
    (d.first, d.last)
}

fn some(s: &str) -> Option<String> {
    Some(s.to_string())
}

#[test]
fn sizes() {
    assert_eq!(
        parse_size("19"),
        Ok(Size {
            width: 19,
            height: 19
        })
    );
    assert_eq!(
        parse_size(" 9 "),
        Ok(Size {
            width: 9,
            height: 9
        })
    );
    assert_eq!(
        parse_size("19:13"),
        Ok(Size {
            width: 19,
            height: 13
        })
    );
    assert_eq!(
        parse_size("10:52"),
        Ok(Size {
            width: 10,
            height: 52
        })
    );
    assert_eq!(
        parse_size("52"),
        Ok(Size {
            width: 52,
            height: 52
        })
    );
    for bad in [
        "0", "-10", "53", "200", "10:53", "abc", "", "19:13:2", "19:",
    ] {
        let e = parse_size(bad).expect_err(bad).to_string();
        assert!(e.contains(&format!("SZ[{bad}]")), "{e}");
    }
}

#[test]
fn dates_iso_and_partial() {
    assert_eq!(date("1996-05-06"), (some("1996-05-06"), None));
    assert_eq!(date("1996-05"), (some("1996-05"), None));
    assert_eq!(date("1996"), (some("1996"), None));
    assert_eq!(date(" 2016-03-12 "), (some("2016-03-12"), None));
}

#[test]
fn dates_multi_day() {
    assert_eq!(
        date("1996-05-06,07,08"),
        (some("1996-05-06"), some("1996-05-08"))
    );
    assert_eq!(
        date("1996-12-27,28,1997-01-03"),
        (some("1996-12-27"), some("1997-01-03"))
    );
    assert_eq!(date("1996-05,06"), (some("1996-05"), some("1996-06")));
    assert_eq!(
        date("1996-05-06,06-10"),
        (some("1996-05-06"), some("1996-06-10"))
    );
}

#[test]
fn dates_timestamps_and_other_forms() {
    assert_eq!(date("2018-05-02 20:46:58"), (some("2018-05-02"), None));
    assert_eq!(date("2018-05-10T16:19:34.094Z"), (some("2018-05-10"), None));
    assert_eq!(date("2016.03.12"), (some("2016-03-12"), None));
    assert_eq!(date("2016.03.12 10:11"), (some("2016-03-12"), None));
    assert_eq!(date("2016/3/12"), (some("2016-03-12"), None));
    assert_eq!(date("2009/03/15 12:00:00 UT"), (some("2009-03-15"), None));
    assert_eq!(date("20160312"), (some("2016-03-12"), None));
    assert_eq!(date("2016年3月12日"), (some("2016-03-12"), None));
    assert_eq!(date("12.03.2016"), (some("2016-03-12"), None));
    assert_eq!(date("3-15-2004"), (some("2004-03-15"), None));
    // Ambiguous day/month order: the year only.
    assert_eq!(date("3/4/2016"), (some("2016"), None));
    assert_eq!(date("August 9, 2001"), (some("2001-08-09"), None));
    assert_eq!(
        date("Sun Mar 12 10:00:00 GMT+01:00 2009"),
        (some("2009-03-12"), None)
    );
    assert_eq!(date("1603 onwards"), (some("1603"), None));
}

#[test]
fn dates_invalid() {
    for junk in [
        "",
        "a sunny afternoon last summer",
        "12th and 13th march 96",
        "2016-13-01",
        "2015-02-29",
        "2016-04-31",
        "999",
        "0000-01-01",
    ] {
        assert_eq!(date(junk).0, None, "{junk}");
    }
    assert_eq!(date("2016-02-29").0, some("2016-02-29"));
    assert_eq!(date("2000-02-29").0, some("2000-02-29"));
    assert_eq!(date("1900-02-29").0, None);
}

fn re(raw: &str) -> (Winner, Option<ResultKind>, Option<f64>) {
    let r = parse_result(raw);
    assert_eq!(r.raw.as_deref(), Some(raw));
    (r.winner, r.kind, r.margin)
}

use ResultKind::*;
use Winner::{Black as B, Draw as D, Unknown as U, Void as V, White as W};

#[test]
fn results_standard() {
    assert_eq!(re("B+3.5"), (B, Some(Score), Some(3.5)));
    assert_eq!(re("W+0.5"), (W, Some(Score), Some(0.5)));
    assert_eq!(re("B+2.25"), (B, Some(Score), Some(2.25)));
    assert_eq!(re("B+R"), (B, Some(Resign), None));
    assert_eq!(re("W+Resign"), (W, Some(Resign), None));
    assert_eq!(re("b+r"), (B, Some(Resign), None));
    assert_eq!(re("B+T"), (B, Some(Time), None));
    assert_eq!(re("W+Time"), (W, Some(Time), None));
    assert_eq!(re("W+Time Over"), (W, Some(Time), None));
    assert_eq!(re("B+F"), (B, Some(Forfeit), None));
    assert_eq!(re("W+Forfeit"), (W, Some(Forfeit), None));
    for draw in ["0", "Draw", "draw", "Jigo", "D+J"] {
        assert_eq!(re(draw), (D, Some(Score), Some(0.0)), "{draw}");
    }
    assert_eq!(re("Void"), (V, None, None));
    assert_eq!(re("?"), (U, None, None));
    assert_eq!(re(""), (U, None, None));
}

#[test]
fn results_quirks() {
    assert_eq!(re("B+"), (B, Some(Other), None));
    assert_eq!(re("W+"), (W, Some(Other), None));
    assert_eq!(re("B"), (B, Some(Other), None));
    assert_eq!(re("B+Illegal"), (B, Some(Other), None));
    assert_eq!(re("W+Repetition"), (W, Some(Other), None));
    assert_eq!(re("B+AW"), (B, Some(Other), None));
    assert_eq!(re("W+J"), (W, Some(Other), None));
    assert_eq!(re("White resigns."), (B, Some(Resign), None));
    assert_eq!(re("Black resigns. W 12.5 B 100.5"), (W, Some(Resign), None));
    assert_eq!(re("has adjourned."), (U, None, None));
    assert_eq!(re("john wins"), (U, None, None));
    // The margin contradicts the winner: unknown.
    assert_eq!(re("W+-.5"), (U, None, None));
    // A zero margin with a winner is a server's code for a decision, not a count.
    assert_eq!(re("W+0.0"), (Winner::White, Some(ResultKind::Other), None));
    assert_eq!(
        re("B+, human judge for communication error "),
        (B, Some(Other), None)
    );
    assert_eq!(re("Black wins by 3.5 points"), (B, Some(Score), Some(3.5)));
    assert_eq!(re("9"), (U, None, None));
}

#[test]
fn results_cjk() {
    assert_eq!(re("白胜43.5目"), (W, Some(Score), Some(43.5)));
    assert_eq!(re("黑中盘胜"), (B, Some(Resign), None));
    assert_eq!(re("黑胜1/4子"), (B, Some(Score), Some(0.5)));
    assert_eq!(re("白胜3又3/4子"), (W, Some(Score), Some(7.5)));
    assert_eq!(re("黒中押し勝"), (B, Some(Resign), None));
    assert_eq!(re("白3目半勝"), (W, Some(Score), Some(3.5)));
    assert_eq!(re("黒半目勝"), (B, Some(Score), Some(0.5)));
    assert_eq!(re("백 불계승"), (W, Some(Resign), None));
    assert_eq!(re("和棋"), (D, Some(Score), Some(0.0)));
    assert_eq!(re("白超时胜"), (W, Some(Time), None));
}

fn km(raw: &str, fox: bool) -> (Option<f64>, bool) {
    let k = parse_komi(raw, fox);
    assert_eq!(k.raw.as_deref(), Some(raw));
    (k.value, k.scaled)
}

#[test]
fn komi_values() {
    assert_eq!(km("6.5", false), (Some(6.5), false));
    assert_eq!(km("7.500000", false), (Some(7.5), false));
    assert_eq!(km("0", true), (Some(0.0), false));
    assert_eq!(km("-4.5", false), (Some(-4.5), false));
    assert_eq!(km("6,5", false), (Some(6.5), false));
    assert_eq!(km("5 1/2", false), (Some(5.5), false));
    assert_eq!(km("48.5", false), (Some(48.5), false));
    assert_eq!(km("-59.5", false), (Some(-59.5), false));
    assert_eq!(km("abc", false), (None, false));
    assert_eq!(km("", false), (None, false));
    assert!(
        parse_komi("6,5", false)
            .note()
            .is_some_and(|n| n.contains("6.5"))
    );
    assert_eq!(parse_komi("6.5", false).note(), None);
}

#[test]
fn komi_fox_scaled() {
    assert_eq!(km("650", true), (Some(6.5), true));
    assert_eq!(km("375", true), (Some(7.5), true));
    assert_eq!(km("325", true), (Some(6.5), true));
    assert_eq!(km("550", true), (Some(5.5), true));
    assert_eq!(km("750", false), (Some(7.5), true));
    assert_eq!(km("50", false), (Some(0.5), true));
    assert_eq!(km("-650", false), (Some(-6.5), true));
    // Nothing plausible after scaling: kept as written.
    assert_eq!(km("1234", false), (Some(1234.0), false));
    assert!(
        parse_komi("650", true)
            .note()
            .is_some_and(|n| n.contains("6.5"))
    );
}

#[test]
fn rules() {
    use RuleSet::*;
    let cases = [
        ("french", French),
        ("FR", French),
        ("Japanese", Japanese),
        ("japanese", Japanese),
        ("JP", Japanese),
        ("Tang (Japanese + group tax)", Japanese),
        ("Korean", Korean),
        ("Chinese", Chinese),
        ("cn", Chinese),
        ("Old Chinese", Chinese),
        ("AGA", Aga),
        ("BGA", Aga),
        ("New Zealand", Nz),
        ("NZ", Nz),
        ("Tromp/Taylor", TrompTaylor),
        ("Tromp-Taylor", TrompTaylor),
        ("TT--", TrompTaylor),
        ("Ing", Ing),
        ("GOE", Ing),
        ("koSIMPLEscoreAREAtaxSEKIsui0", Chinese),
        ("koPOSITIONALscoreTERRITORYtaxSEKIsui0", Japanese),
        ("", Unknown),
        ("  ", Unknown),
        ("martian", Unknown),
    ];
    for (raw, want) in cases {
        assert_eq!(parse_rules(raw), want, "{raw}");
    }
}

#[test]
fn numbers() {
    assert_eq!(leading_number("-.5"), Some((-0.5, 3)));
    assert_eq!(leading_number("3/"), Some((3.0, 1)));
    assert_eq!(leading_number("1/0"), Some((1.0, 1)));
    assert_eq!(leading_number("abc"), None);
    assert_eq!(leading_number("."), None);
}
