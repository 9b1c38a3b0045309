//! A small, fast, seedable random number generator for playouts: xoshiro256++ seeded
//! through SplitMix64 (both public-domain algorithms by Blackman and Vigna).  Not for
//! cryptography.  The same seed always gives the same stream, on every platform.

/// How often (in playouts) a batch of playouts asks its caller whether to stop (the
/// Python bindings: whether Ctrl-C was pressed), so that no count makes it uninterruptible.
pub const CHECK_EVERY: u64 = 1024;

/// Whether a batch stops before its playout `i`: `stop` is asked every [`CHECK_EVERY`].
#[inline]
pub fn stop_before(i: u64, stop: &mut dyn FnMut() -> bool) -> bool {
    i > 0 && i % CHECK_EVERY == 0 && stop()
}

/// xoshiro256++.
#[derive(Clone, Debug)]
pub struct Rng {
    s: [u64; 4],
}

fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Rng {
    /// A generator whose whole stream is fixed by `seed`.
    pub fn new(seed: u64) -> Rng {
        let mut sm = seed;
        let s = [splitmix64(&mut sm), splitmix64(&mut sm), splitmix64(&mut sm), splitmix64(&mut sm)];
        Rng { s }
    }

    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let s = &mut self.s;
        let out = s[0].wrapping_add(s[3]).rotate_left(23).wrapping_add(s[0]);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        out
    }

    /// A number in `0..n` (`n > 0`), by Lemire's multiply-shift with rejection: exactly
    /// uniform.
    #[inline]
    pub fn below(&mut self, n: u32) -> u32 {
        debug_assert!(n > 0);
        let n64 = n as u64;
        let mut m = (self.next_u64() >> 32) * n64;
        if (m as u32) < n {
            let threshold = n.wrapping_neg() % n;
            while (m as u32) < threshold {
                m = (self.next_u64() >> 32) * n64;
            }
        }
        (m >> 32) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::Rng;

    #[test]
    fn same_seed_same_stream() {
        let (mut a, mut b) = (Rng::new(7), Rng::new(7));
        for _ in 0..100 {
            assert_eq!(a.next_u64(), b.next_u64());
        }
        assert_ne!(Rng::new(7).next_u64(), Rng::new(8).next_u64());
    }

    #[test]
    fn below_is_in_range_and_covers_it() {
        let mut rng = Rng::new(1);
        let mut seen = [0u32; 7];
        for _ in 0..7000 {
            let x = rng.below(7);
            assert!(x < 7);
            seen[x as usize] += 1;
        }
        assert!(seen.iter().all(|&c| c > 800), "{seen:?}");
    }
}
