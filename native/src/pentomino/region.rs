//! Regions for the puzzles (and the solver): any set of up to 64 cells of a grid of at
//! most 26 × 40, with every placement of every piece inside it.
//!
//! Grid square `(col, row)` is `row * width + col`, row 0 = rank 1 (as in the Python
//! package's `board.Grid`).  The region's own cell numbers run 0.. in grid order, so a
//! placement is a `u64` over the region's cells, and listing a mask's cells in bit order
//! lists their squares in grid order.

use std::fmt;

use super::tables::{extent, ORIENTATIONS, ORIENTATION_PIECE, PIECES};

/// The largest grid (the Python package allows rows of up to 26 files and 40 ranks).
pub const MAX_WIDTH: usize = 26;
pub const MAX_HEIGHT: usize = 40;

/// Why a region cannot be built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RegionError {
    Size,
    TooManyCells,
    OffGrid,
}

impl fmt::Display for RegionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RegionError::Size => "a region may be at most 26 wide and 40 high",
            RegionError::TooManyCells => "a region may have at most 64 cells",
            RegionError::OffGrid => "a region's cells must lie on its grid",
        })
    }
}

/// Every placement of every piece inside a region, in the Python package's order
/// (`board.placements`): piece by piece, orientation by orientation, row by row, column
/// by column.
#[derive(Clone, Debug)]
pub struct Placements {
    /// Each placement's cells, as a mask over the region's cells.
    pub masks: Vec<u64>,
    /// Each placement's piece.
    pub piece: Vec<u8>,
    /// Piece p's placements are `start[p]..start[p + 1]`.
    pub start: [usize; PIECES + 1],
}

impl Placements {
    pub fn len(&self) -> usize {
        self.masks.len()
    }

    pub fn is_empty(&self) -> bool {
        self.masks.is_empty()
    }

    /// The placements of piece `p` (indices).
    pub fn of(&self, p: usize) -> std::ops::Range<usize> {
        self.start[p]..self.start[p + 1]
    }
}

/// A set of cells of a `width × height` grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Region {
    pub width: usize,
    pub height: usize,
    /// The grid squares of the region's cells, ascending.
    cells: Vec<u16>,
    /// Grid square -> region cell, or `u8::MAX` for a hole.
    index: Vec<u8>,
}

impl Region {
    /// The region made of the grid squares `cells` (in any order, repeats ignored).
    pub fn new(width: usize, height: usize, cells: &[usize]) -> Result<Region, RegionError> {
        if width == 0 || height == 0 || width > MAX_WIDTH || height > MAX_HEIGHT {
            return Err(RegionError::Size);
        }
        let mut sorted: Vec<usize> = cells.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        if sorted.len() > 64 {
            return Err(RegionError::TooManyCells);
        }
        if sorted.last().is_some_and(|&c| c >= width * height) {
            return Err(RegionError::OffGrid);
        }
        let mut index = vec![u8::MAX; width * height];
        for (i, &c) in sorted.iter().enumerate() {
            index[c] = i as u8;
        }
        Ok(Region { width, height, cells: sorted.iter().map(|&c| c as u16).collect(), index })
    }

    /// The whole `width × height` rectangle (at most 64 cells).
    pub fn rectangle(width: usize, height: usize) -> Result<Region, RegionError> {
        Region::new(width, height, &(0..width * height).collect::<Vec<_>>())
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// All the region's cells, as a mask.
    pub fn full(&self) -> u64 {
        if self.len() == 64 {
            u64::MAX
        } else {
            (1 << self.len()) - 1
        }
    }

    /// The grid square of region cell `i`.
    pub fn square(&self, i: usize) -> usize {
        self.cells[i] as usize
    }

    /// The region cell on grid square `(col, row)`, if the square is in the region.
    pub fn cell_at(&self, col: usize, row: usize) -> Option<usize> {
        if col >= self.width || row >= self.height {
            return None;
        }
        match self.index[row * self.width + col] {
            u8::MAX => None,
            i => Some(i as usize),
        }
    }

    /// The name of region cell `i`'s square: file letter, rank number (`a1`).
    pub fn name(&self, i: usize) -> String {
        let sq = self.square(i);
        format!("{}{}", (b'a' + (sq % self.width) as u8) as char, sq / self.width + 1)
    }

    /// The names of a mask's cells, in grid order, joined by `sep`.
    pub fn names(&self, mask: u64, sep: &str) -> String {
        bits(mask).map(|i| self.name(i)).collect::<Vec<_>>().join(sep)
    }

    /// Every placement of every piece inside the region.
    pub fn placements(&self) -> Placements {
        let mut masks = Vec::new();
        let mut piece = Vec::new();
        let mut start = [0; PIECES + 1];
        for (o, shape) in ORIENTATIONS.iter().enumerate() {
            let p = ORIENTATION_PIECE[o] as usize;
            if o == 0 || ORIENTATION_PIECE[o - 1] as usize != p {
                start[p] = masks.len();
            }
            let (w, h) = extent(shape);
            if w > self.width || h > self.height {
                continue;
            }
            for row in 0..=self.height - h {
                for col in 0..=self.width - w {
                    let mut mask = 0u64;
                    let inside = shape.iter().all(|&(dx, dy)| {
                        self.cell_at(col + dx as usize, row + dy as usize)
                            .map(|i| mask |= 1 << i)
                            .is_some()
                    });
                    if inside {
                        masks.push(mask);
                        piece.push(p as u8);
                    }
                }
            }
        }
        start[PIECES] = masks.len();
        Placements { masks, piece, start }
    }

    /// The symmetries of the grid's rectangle that map the region onto itself, each as a
    /// permutation of the region's cells (identity first, then in the order of
    /// `board.Grid.symmetries`: transpose (square grids only), then mirror x, mirror y).
    pub fn symmetries(&self) -> Vec<Vec<u8>> {
        let (w, h) = (self.width, self.height);
        let mut out: Vec<Vec<u8>> = Vec::new();
        for swap in [false, true] {
            if swap && w != h {
                continue;
            }
            for fx in [false, true] {
                for fy in [false, true] {
                    let perm: Option<Vec<u8>> = (0..self.len())
                        .map(|i| {
                            let sq = self.square(i);
                            let (mut x, mut y) = (sq % w, sq / w);
                            if swap {
                                (x, y) = (y, x);
                            }
                            if fx {
                                x = w - 1 - x;
                            }
                            if fy {
                                y = h - 1 - y;
                            }
                            self.cell_at(x, y).map(|c| c as u8)
                        })
                        .collect();
                    if let Some(perm) = perm {
                        if !out.contains(&perm) {
                            out.push(perm);
                        }
                    }
                }
            }
        }
        out
    }
}

/// The set bits of a mask, lowest first.
pub fn bits(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            i
        })
    })
}

/// A mask's image under a permutation of cells.
pub fn permute(mut mask: u64, perm: &[u8]) -> u64 {
    let mut out = 0;
    while mask != 0 {
        out |= 1 << perm[mask.trailing_zeros() as usize];
        mask &= mask - 1;
    }
    out
}
