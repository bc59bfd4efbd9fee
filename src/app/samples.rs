//! Built-in samples one click away on the welcome view; every one is made
//! by our own writers (never a corpus file).

/// A built-in sample.
pub struct Sample {
    /// Button label.
    pub name: &'static str,
    /// Tooltip.
    pub description: &'static str,
    /// Produces the file bytes.
    pub build: fn() -> Vec<u8>,
}

/// Every built-in sample.
pub static SAMPLES: &[Sample] = &[Sample {
    name: "Sample map (TMF-style .Challenge.Gbx)",
    description: "A three-block Stadium map with thumbnail, medal times and header XML, \
                  written by trackbench's GBX writer",
    build: trackbench_core::gbx::tools::sample::sample_map,
}];
