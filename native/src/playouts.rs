//! What the games' batches of random playouts share.

/// Add one finished game's rewards to `returns` (per seat), as `State.returns()` gives
/// them: `winners` the winning seats (a bit each), `side_of(seat)` the seats of its side
/// (a team's partners, or the seat alone); each winning seat gets 1 shared out among the
/// winning sides.  Nothing when nobody won.
pub fn add_returns(returns: &mut [f64], winners: u16, side_of: impl Fn(usize) -> u16) {
    let seats = || (0..returns.len()).filter(|&s| winners >> s & 1 == 1);
    let mut sides = 0u16; // one bit per winning side: its lowest seat
    for s in seats() {
        sides |= 1 << side_of(s).trailing_zeros();
    }
    if sides == 0 {
        return;
    }
    let share = 1.0 / f64::from(sides.count_ones());
    for s in seats() {
        returns[s] += share;
    }
}

#[cfg(test)]
mod tests {
    use super::add_returns;

    #[test]
    fn a_win_a_shared_win_a_team_and_nobody() {
        let alone = |s: usize| 1u16 << s;
        let mut r = [0.0; 4];
        add_returns(&mut r, 0b0010, alone);
        assert_eq!(r, [0.0, 1.0, 0.0, 0.0]);
        add_returns(&mut r, 0b0101, alone);
        assert_eq!(r, [0.5, 1.0, 0.5, 0.0]);
        add_returns(&mut r, 0, alone);
        assert_eq!(r, [0.5, 1.0, 0.5, 0.0]);
        // teams 0+2 and 1+3: a team's win is 1 for each partner, a shared one 1/2
        let team = |s: usize| if s % 2 == 0 { 0b0101 } else { 0b1010 };
        let mut r = [0.0; 4];
        add_returns(&mut r, 0b0101, team);
        assert_eq!(r, [1.0, 0.0, 1.0, 0.0]);
        add_returns(&mut r, 0b1111, team);
        assert_eq!(r, [1.5, 0.5, 1.5, 0.5]);
    }
}
