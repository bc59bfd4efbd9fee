//! The input stream of every corpus Stunts replay as key spans (issue 29):
//! each span lies within the recorded frames, a key's spans do not
//! overlap, and redrawing the spans gives back every input byte's six key
//! bits.

use trackbench_core::trk::Replay;
use trackbench_core::trk::replay_keys::key_spans;
use trackbench_testkit::corpus_files;

#[test]
fn key_spans_rebuild_the_input_bytes() {
    let files = corpus_files("trk/rpl", ".rpl");
    for path in &files {
        let r = Replay::parse(&std::fs::read(path).unwrap()).unwrap();
        let spans = key_spans(&r.inputs);
        let mut rebuilt = vec![0u8; r.inputs.len()];
        for s in &spans {
            assert!(s.start_frame < s.end_frame && s.end_frame as usize <= r.inputs.len());
            for f in s.start_frame..s.end_frame {
                assert_eq!(rebuilt[f as usize] & (1 << s.key), 0, "{path:?}: overlap");
                rebuilt[f as usize] |= 1 << s.key;
            }
        }
        let masked: Vec<u8> = r.inputs.iter().map(|b| b & 0x3F).collect();
        assert_eq!(rebuilt, masked, "{path:?}");
        assert_eq!(r.info().key_spans, spans);
    }
    if !files.is_empty() {
        // "01_coun_accel_topspeed": accelerate held from early on.
        eprintln!("{} replays' key spans checked", files.len());
    }
}
