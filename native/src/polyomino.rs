//! The 12 pentominoes and their 63 fixed orientations, computed at compile time exactly as
//! `pentarena.core.polyomino` computes them (same order, same cells), shared by Pentomino
//! and Pent-Up: an orientation id means the same thing in both games and in Python.
//!
//! A shape is normalised (smallest x and y are 0) and its cells sorted by (x, y); the
//! orientations of a piece are its images in the order rotations by 0°, 90°, 180°, 270°
//! (`(x, y) -> (-y, x)`), then the mirror image (`(x, y) -> (-x, y)`) and its rotations,
//! repeats dropped, piece by piece in the order F I L N P T U V W X Y Z.

/// The piece letters in piece-index order.
pub const LETTERS: [u8; 12] = *b"FILNPTUVWXYZ";
/// Number of pieces.
pub const PIECES: usize = 12;
/// All twelve pieces as a bitmask (bit i = `LETTERS[i]`).
pub const ALL_PIECES: u16 = (1 << PIECES) - 1;

/// A shape: five `(x, y)` cells, normalised (smallest x and y are 0) and sorted.
pub type Shape = [(i8, i8); 5];

/// The base shapes, as `core/polyomino.py` draws them.
const BASE: [Shape; PIECES] = [
    [(1, 0), (2, 0), (0, 1), (1, 1), (1, 2)], // F
    [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)], // I
    [(0, 0), (0, 1), (0, 2), (0, 3), (1, 3)], // L
    [(0, 0), (1, 0), (1, 1), (2, 1), (3, 1)], // N
    [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)], // P
    [(0, 0), (1, 0), (2, 0), (1, 1), (1, 2)], // T
    [(0, 0), (2, 0), (0, 1), (1, 1), (2, 1)], // U
    [(0, 0), (0, 1), (0, 2), (1, 2), (2, 2)], // V
    [(0, 0), (0, 1), (1, 1), (1, 2), (2, 2)], // W
    [(1, 0), (0, 1), (1, 1), (2, 1), (1, 2)], // X
    [(1, 0), (0, 1), (1, 1), (1, 2), (1, 3)], // Y
    [(0, 0), (1, 0), (1, 1), (1, 2), (2, 2)], // Z
];

const fn less(a: (i8, i8), b: (i8, i8)) -> bool {
    a.0 < b.0 || (a.0 == b.0 && a.1 < b.1)
}

/// Translate so the smallest x and y are 0, and sort the cells.
pub(crate) const fn normalize(mut s: Shape) -> Shape {
    let (mut mx, mut my) = (i8::MAX, i8::MAX);
    let mut i = 0;
    while i < 5 {
        if s[i].0 < mx {
            mx = s[i].0;
        }
        if s[i].1 < my {
            my = s[i].1;
        }
        i += 1;
    }
    i = 0;
    while i < 5 {
        s[i] = (s[i].0 - mx, s[i].1 - my);
        i += 1;
    }
    // insertion sort
    i = 1;
    while i < 5 {
        let mut j = i;
        while j > 0 && less(s[j], s[j - 1]) {
            let t = s[j];
            s[j] = s[j - 1];
            s[j - 1] = t;
            j -= 1;
        }
        i += 1;
    }
    s
}

/// A quarter turn, `(x, y) -> (-y, x)`, normalised.
const fn rotate(s: Shape) -> Shape {
    let mut out = s;
    let mut i = 0;
    while i < 5 {
        out[i] = (-s[i].1, s[i].0);
        i += 1;
    }
    normalize(out)
}

/// The mirror image, `(x, y) -> (-x, y)`, normalised.
const fn flip(s: Shape) -> Shape {
    let mut out = s;
    let mut i = 0;
    while i < 5 {
        out[i] = (-s[i].0, s[i].1);
        i += 1;
    }
    normalize(out)
}

const fn same(a: &Shape, b: &Shape) -> bool {
    let mut i = 0;
    while i < 5 {
        if a[i].0 != b[i].0 || a[i].1 != b[i].1 {
            return false;
        }
        i += 1;
    }
    true
}

/// The orientations of every piece, piece by piece, each piece's in the order of
/// `polyomino.transforms` (0°, 90°, 180°, 270°, then the mirror image's four) without
/// repeats; and where each piece's run starts.
const fn orientations() -> ([Shape; 63], [u8; 63], [u8; PIECES + 1]) {
    let mut shapes = [[(0i8, 0i8); 5]; 63];
    let mut piece_of = [0u8; 63];
    let mut start = [0u8; PIECES + 1];
    let mut n = 0;
    let mut p = 0;
    while p < PIECES {
        start[p] = n as u8;
        let base = normalize(BASE[p]);
        let mut side = 0;
        while side < 2 {
            let mut s = if side == 0 { base } else { flip(base) };
            let mut r = 0;
            while r < 4 {
                let mut seen = false;
                let mut k = start[p] as usize;
                while k < n {
                    if same(&shapes[k], &s) {
                        seen = true;
                    }
                    k += 1;
                }
                if !seen {
                    shapes[n] = s;
                    piece_of[n] = p as u8;
                    n += 1;
                }
                s = rotate(s);
                r += 1;
            }
            side += 1;
        }
        p += 1;
    }
    start[PIECES] = n as u8;
    assert!(n == 63, "the pentominoes have 63 fixed orientations");
    (shapes, piece_of, start)
}

const ORIENTATION_TABLES: ([Shape; 63], [u8; 63], [u8; PIECES + 1]) = orientations();
/// The 63 fixed orientations, piece by piece.
pub const ORIENTATIONS: [Shape; 63] = ORIENTATION_TABLES.0;
/// The piece of each orientation.
pub const ORIENTATION_PIECE: [u8; 63] = ORIENTATION_TABLES.1;
/// Piece p's orientations are `ORIENTATION_START[p]..ORIENTATION_START[p + 1]`.
pub const ORIENTATION_START: [u8; PIECES + 1] = ORIENTATION_TABLES.2;

