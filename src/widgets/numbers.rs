//! Numbers as the panels show them.

/// A byte count with thin grouping (`76284` -> `76 284`); exact, ASCII.
#[must_use]
pub fn group_digits(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(' ');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::group_digits;

    #[test]
    fn digits_are_grouped_by_three() {
        assert_eq!(group_digits(0), "0");
        assert_eq!(group_digits(139), "139");
        assert_eq!(group_digits(76_284), "76 284");
        assert_eq!(group_digits(1_234_567), "1 234 567");
    }
}
