//! The puzzle solver: tile a region with pieces, each used once (exact cover).
//!
//! Search (the Python reference's, `pentomino/reference_solver.py`): always fill the first
//! empty cell, in an order that runs along the region's short side, trying only the
//! placements whose first cell it is, grouped by piece so a piece already used is skipped
//! at once.  Pruning: after each placement, every pocket of empty cells next to it must
//! hold a multiple of five cells.  Counting up to the region's symmetries places the X
//! first, in one placement of each symmetry class, and searches the rest; the solutions
//! whose X placement is itself symmetric are told apart by their canonical form.
//!
//! Cells are laid out as bits of a `u64`: when the region's grid has at most 64 squares,
//! the grid itself in search order (holes start covered), and pockets grow by shifts;
//! otherwise the region's own cells in search order, and pockets grow through a table of
//! neighbours.  Either way the same candidates are tried in the same order, so the first
//! solution found is the reference's.

use std::cell::RefCell;
use std::collections::HashSet;

use super::region::{bits, permute, Region};
use super::tables::PIECES;

/// The X pentomino's piece index.
const X: u8 = 9;

/// A placement chosen by the search: (k, layout mask, region placement).
type Chosen = (u8, u64, u32);
/// Told each solution (the placements in the order chosen); returns false to stop.
type OnSolution<'a> = dyn FnMut(&[Chosen]) -> bool + 'a;

/// A placement in a solution: (piece, index into `Region::placements()`).
pub type Placed = (u8, u32);

/// What a count found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Count {
    /// Solutions (up to symmetry when asked).
    pub count: u64,
    /// Solutions found by the search before telling symmetric ones apart.
    pub raw: u64,
    /// Placements tried.
    pub nodes: u64,
    /// The first solutions found (as many as asked for).
    pub kept: Vec<Vec<Placed>>,
    /// False when the watcher stopped the search early.
    pub complete: bool,
}

/// Someone watching a search: told the progress now and then, and asked whether to go on.
pub trait Watch {
    /// `found` solutions so far, `percent` of the work done (0 when unknown).
    fn progress(&mut self, _found: u64, _percent: u32) -> bool {
        true
    }
    /// Called every [`TICK`] placements tried.
    fn tick(&mut self, _nodes: u64) -> bool {
        true
    }
}

/// A watcher that never stops the search.
pub struct Quiet;
impl Watch for Quiet {}

/// Placements tried between two calls of [`Watch::tick`].
pub const TICK: u64 = 1 << 18;

/// How pockets of empty cells are found: by shifts on a grid layout, or by a table.
trait Topology {
    /// The cells of `within` connected to `seed` (a subset of `within`).
    fn component(&self, seed: u64, within: u64) -> u64;
    /// `cells` and their neighbours.
    fn grow(&self, cells: u64) -> u64;
}

/// The grid in search order: `inner` cells to a line.
struct Shifts {
    inner: u32,
    not_first: u64,
    not_last: u64,
}

impl Topology for Shifts {
    #[inline]
    fn grow(&self, c: u64) -> u64 {
        c | ((c >> 1) & self.not_last) | ((c << 1) & self.not_first) | (c >> self.inner) | (c << self.inner)
    }

    #[inline]
    fn component(&self, seed: u64, within: u64) -> u64 {
        let mut comp = seed;
        loop {
            let g = self.grow(comp) & within;
            if g == comp {
                return comp;
            }
            comp = g;
        }
    }
}

/// The region's own cells, with a table of neighbours.
struct Table {
    neighbours: Vec<u64>,
}

impl Topology for Table {
    fn grow(&self, c: u64) -> u64 {
        bits(c).fold(c, |g, i| g | self.neighbours[i])
    }

    fn component(&self, seed: u64, within: u64) -> u64 {
        let mut comp = seed;
        let mut frontier = seed;
        while frontier != 0 {
            let i = frontier.trailing_zeros() as usize;
            frontier &= frontier - 1;
            let new = self.neighbours[i] & within & !comp;
            comp |= new;
            frontier |= new;
        }
        comp
    }
}

enum Layout {
    Shifts(Shifts),
    Table(Table),
}

/// A tiling problem: a region, the pieces (each used once), cells already filled.
pub struct Solver {
    region: Region,
    /// The pieces, in the order given (k = position in this list).
    pieces: Vec<u8>,
    layout: Layout,
    /// Region cell -> layout bit.
    to_bit: Vec<u8>,
    /// Every layout bit in use (covered or not).
    full: u64,
    /// Layout bits covered at the start (holes of the grid, filled cells).
    start: u64,
    /// Whether the free cells number five per piece (else there is no solution).
    solvable: bool,
    /// Nothing filled: the region's symmetries apply.
    empty_start: bool,
    /// Candidates by first cell (layout order): `offsets[c]..offsets[c + 1]`, grouped by
    /// piece; `skip[i]` is the first candidate after candidate i's piece group.
    offsets: Vec<u32>,
    cand_k: Vec<u8>,
    cand_mask: Vec<u64>,
    cand_id: Vec<u32>,
    skip: Vec<u32>,
    /// Each region placement's cells (region cell numbering), by `Region::placements` index.
    region_masks: Vec<u64>,
}

impl Solver {
    /// `pieces`: piece indices, each once; `filled`: region cells already covered.
    pub fn new(region: &Region, pieces: &[u8], filled: u64) -> Solver {
        let (w, h) = (region.width, region.height);
        let inner = w.min(h);
        // grid square -> position in search order: along the short side first
        let order = |sq: usize| if w > h { (sq % w) * h + sq / w } else { sq };
        let n = region.len();
        let (layout, to_bit, full) = if w * h <= 64 {
            let mut not_first = 0u64;
            let mut not_last = 0u64;
            for i in 0..w * h {
                if i % inner != 0 {
                    not_first |= 1 << i;
                }
                if i % inner != inner - 1 {
                    not_last |= 1 << i;
                }
            }
            let to_bit = (0..n).map(|i| order(region.square(i)) as u8).collect();
            let full = if w * h == 64 { u64::MAX } else { (1 << (w * h)) - 1 };
            (Layout::Shifts(Shifts { inner: inner as u32, not_first, not_last }), to_bit, full)
        } else {
            let mut by_order: Vec<usize> = (0..n).collect();
            by_order.sort_by_key(|&i| order(region.square(i)));
            let mut to_bit = vec![0u8; n];
            for (b, &i) in by_order.iter().enumerate() {
                to_bit[i] = b as u8;
            }
            let mut neighbours = vec![0u64; n];
            for i in 0..n {
                let sq = region.square(i);
                let (x, y) = (sq % w, sq / w);
                let adjacent = [(x.wrapping_sub(1), y), (x + 1, y), (x, y.wrapping_sub(1)), (x, y + 1)];
                for (ax, ay) in adjacent {
                    if let Some(j) = region.cell_at(ax, ay) {
                        neighbours[to_bit[i] as usize] |= 1 << to_bit[j];
                    }
                }
            }
            let full = region.full();
            (Layout::Table(Table { neighbours }), to_bit, full)
        };
        let mut solver = Solver {
            region: region.clone(),
            pieces: pieces.to_vec(),
            layout,
            to_bit,
            full,
            start: 0,
            solvable: (region.full() & !filled).count_ones() as usize == 5 * pieces.len(),
            empty_start: filled == 0,
            offsets: Vec::new(),
            cand_k: Vec::new(),
            cand_mask: Vec::new(),
            cand_id: Vec::new(),
            skip: Vec::new(),
            region_masks: Vec::new(),
        };
        solver.start = full & !solver.to_layout(region.full() & !filled);
        let all = region.placements();
        let bits_used = 64 - full.leading_zeros() as usize;
        let mut by_cell: Vec<Vec<(u8, u64, u32)>> = vec![Vec::new(); bits_used];
        for (k, &p) in pieces.iter().enumerate() {
            for i in all.of(p as usize) {
                let m = all.masks[i];
                if m & filled != 0 {
                    continue;
                }
                let lm = solver.to_layout(m);
                by_cell[lm.trailing_zeros() as usize].push((k as u8, lm, i as u32));
            }
        }
        solver.offsets.push(0);
        for list in &by_cell {
            let base = solver.cand_k.len();
            for (j, &(k, m, id)) in list.iter().enumerate() {
                solver.cand_k.push(k);
                solver.cand_mask.push(m);
                solver.cand_id.push(id);
                let next = list[j..].iter().position(|c| c.0 != k).map_or(list.len(), |d| j + d);
                solver.skip.push((base + next) as u32);
            }
            solver.offsets.push(solver.cand_k.len() as u32);
        }
        solver.region_masks = all.masks;
        solver
    }

    /// A mask over the region's cells -> the layout's bits.
    fn to_layout(&self, mask: u64) -> u64 {
        bits(mask).fold(0, |m, i| m | 1 << self.to_bit[i])
    }

    /// Calls `on_solution` with every tiling (placements in the order placed), until it
    /// returns false or the watcher stops; `fixed` (a candidate index) is placed first.
    /// Returns the nodes searched and whether the search ran to its end.
    fn search(
        &self,
        fixed: Option<usize>,
        watch: &mut dyn Watch,
        on_solution: &mut OnSolution<'_>,
    ) -> (u64, bool) {
        if !self.solvable {
            return (0, true);
        }
        match &self.layout {
            Layout::Shifts(t) => self.search_with(t, fixed, watch, on_solution),
            Layout::Table(t) => self.search_with(t, fixed, watch, on_solution),
        }
    }

    fn search_with<T: Topology>(
        &self,
        topology: &T,
        fixed: Option<usize>,
        watch: &mut dyn Watch,
        on_solution: &mut OnSolution<'_>,
    ) -> (u64, bool) {
        let mut s = Search {
            solver: self,
            topology,
            chosen: [(0, 0, 0); PIECES],
            nodes: 0,
            next_tick: TICK,
            watch,
            on_solution,
            stopped: false,
        };
        let (mut occ, mut used, mut depth) = (self.start, 0u16, 0);
        if let Some(i) = fixed {
            let (k, m, id) = (self.cand_k[i], self.cand_mask[i], self.cand_id[i]);
            s.chosen[0] = (k, m, id);
            occ |= m;
            used |= 1 << k;
            depth = 1;
        }
        if occ == self.full {
            s.stopped = !(s.on_solution)(&s.chosen[..depth]);
        } else {
            s.run(occ, used, depth);
        }
        (s.nodes, !s.stopped)
    }

    /// The first tiling found, or None.
    pub fn first(&self, watch: &mut dyn Watch) -> Option<Vec<Placed>> {
        let mut found = None;
        self.search(None, watch, &mut |chosen| {
            found = Some(self.placed(chosen));
            false
        });
        found
    }

    /// Every tiling (at most `limit`), in the order the search finds them.
    pub fn solutions(&self, limit: Option<usize>, watch: &mut dyn Watch) -> Vec<Vec<Placed>> {
        let mut out = Vec::new();
        self.search(None, watch, &mut |chosen| {
            out.push(self.placed(chosen));
            limit.is_none_or(|l| out.len() < l)
        });
        out
    }

    /// Count the tilings, up to the region's symmetries when asked (and nothing is filled);
    /// keep the first `keep` found.
    pub fn count(&self, up_to_symmetry: bool, keep: usize, watch: &mut dyn Watch) -> Count {
        let syms: Vec<Vec<u8>> = if up_to_symmetry && self.empty_start {
            self.region.symmetries()
        } else {
            vec![(0..self.region.len() as u8).collect()]
        };
        let mut out = Count { complete: true, ..Count::default() };
        if syms.len() > 1 && self.pieces.contains(&X) {
            self.count_with_x_classes(&syms, keep, watch, &mut out);
            return out;
        }
        let mut seen: HashSet<Vec<(u8, u64)>> = HashSet::new();
        let shared = RefCell::new(watch);
        let (nodes, complete) = self.search(None, &mut Shared(&shared), &mut |chosen| {
            out.raw += 1;
            let new = syms.len() == 1 || seen.insert(self.canonical(chosen, &syms));
            if new && out.kept.len() < keep {
                out.kept.push(self.placed(chosen));
            }
            if out.raw % 200 == 0 {
                let distinct = if syms.len() == 1 { out.raw } else { seen.len() as u64 };
                return shared.borrow_mut().progress(distinct, 0);
            }
            true
        });
        out.count = if syms.len() == 1 { out.raw } else { seen.len() as u64 };
        out.nodes = nodes;
        out.complete = complete;
        out
    }

    fn count_with_x_classes(&self, syms: &[Vec<u8>], keep: usize, watch: &mut dyn Watch, out: &mut Count) {
        let kx = self.pieces.iter().position(|&p| p == X).expect("X") as u8;
        // the X's placements, in candidate order; one per class (the least mask), with
        // the symmetries that fix it
        let mut classes: Vec<(u64, Vec<usize>)> = Vec::new();
        for i in 0..self.cand_k.len() {
            if self.cand_k[i] != kx {
                continue;
            }
            let ext = self.region_masks[self.cand_id[i] as usize];
            let rep = syms.iter().map(|s| permute(ext, s)).min().expect("identity");
            if classes.iter().any(|c| c.0 == rep) {
                continue;
            }
            let stabilizer = (0..syms.len()).filter(|&s| permute(rep, &syms[s]) == rep).collect();
            classes.push((rep, stabilizer));
        }
        classes.sort_by_key(|c| c.0);
        let total = classes.len();
        for (done, (rep, stabilizer)) in classes.into_iter().enumerate() {
            let fixed = (0..self.cand_k.len())
                .find(|&i| self.cand_k[i] == kx && self.region_masks[self.cand_id[i] as usize] == rep)
                .expect("a class representative is a placement");
            let stab: Vec<Vec<u8>> = stabilizer.iter().map(|&s| syms[s].clone()).collect();
            let mut seen: HashSet<Vec<(u8, u64)>> = HashSet::new();
            let mut found = 0u64;
            let (nodes, complete) = self.search(Some(fixed), watch, &mut |chosen| {
                out.raw += 1;
                if stab.len() == 1 || seen.insert(self.canonical(chosen, &stab)) {
                    found += 1;
                    if out.kept.len() < keep {
                        out.kept.push(self.placed(chosen));
                    }
                }
                true
            });
            out.nodes += nodes;
            out.count += found;
            if !complete {
                out.complete = false;
                return;
            }
            if !watch.progress(out.count, (100 * (done + 1) / total) as u32) {
                out.complete = false;
                return;
            }
        }
    }

    /// A solution as (piece, region placement) pairs, in the order placed.
    fn placed(&self, chosen: &[(u8, u64, u32)]) -> Vec<Placed> {
        chosen.iter().map(|&(k, _, id)| (self.pieces[k as usize], id)).collect()
    }

    /// A key equal for tilings that are images of each other under `syms`.
    fn canonical(&self, chosen: &[(u8, u64, u32)], syms: &[Vec<u8>]) -> Vec<(u8, u64)> {
        syms.iter()
            .map(|s| {
                let mut key: Vec<(u8, u64)> = chosen
                    .iter()
                    .map(|&(k, _, id)| (self.pieces[k as usize], permute(self.region_masks[id as usize], s)))
                    .collect();
                key.sort_unstable();
                key
            })
            .min()
            .expect("identity")
    }
}

/// A watcher shared between the search and the solution callback.
struct Shared<'a, 'w>(&'a RefCell<&'w mut dyn Watch>);

impl Watch for Shared<'_, '_> {
    fn progress(&mut self, found: u64, percent: u32) -> bool {
        self.0.borrow_mut().progress(found, percent)
    }
    fn tick(&mut self, nodes: u64) -> bool {
        self.0.borrow_mut().tick(nodes)
    }
}

struct Search<'a, T> {
    solver: &'a Solver,
    topology: &'a T,
    chosen: [(u8, u64, u32); PIECES],
    nodes: u64,
    next_tick: u64,
    watch: &'a mut dyn Watch,
    on_solution: &'a mut OnSolution<'a>,
    stopped: bool,
}

impl<T: Topology> Search<'_, T> {
    fn run(&mut self, occ: u64, used: u16, depth: usize) {
        let s = self.solver;
        let full = s.full;
        let cell = (!occ).trailing_zeros() as usize;
        let (mut i, end) = (s.offsets[cell] as usize, s.offsets[cell + 1] as usize);
        while i < end {
            let k = s.cand_k[i];
            if used >> k & 1 == 1 {
                i = s.skip[i] as usize;
                continue;
            }
            let m = s.cand_mask[i];
            if m & occ != 0 {
                i += 1;
                continue;
            }
            self.nodes += 1;
            if self.nodes >= self.next_tick {
                self.next_tick += TICK;
                if !self.watch.tick(self.nodes) {
                    self.stopped = true;
                    return;
                }
            }
            let next = occ | m;
            self.chosen[depth] = (k, m, s.cand_id[i]);
            if next == full {
                if !(self.on_solution)(&self.chosen[..depth + 1]) {
                    self.stopped = true;
                    return;
                }
            } else if self.pockets_ok(m, full & !next) {
                self.run(next, used | 1 << k, depth + 1);
                if self.stopped {
                    return;
                }
            }
            i += 1;
        }
    }

    /// Whether every pocket of `empty` next to the placement `m` holds a multiple of five
    /// cells (the other pockets are the parent's, already checked).
    #[inline]
    fn pockets_ok(&self, m: u64, empty: u64) -> bool {
        let mut seeds = self.topology.grow(m) & empty;
        while seeds != 0 {
            let comp = self.topology.component(seeds & seeds.wrapping_neg(), empty);
            if comp.count_ones() % 5 != 0 {
                return false;
            }
            seeds &= !comp;
        }
        true
    }
}
