//! Open addressing from a cached Python object's address to its action id, so that
//! `apply(move)` recognises one of the package's move objects without reading it.
use pyo3::prelude::*;

pub(crate) struct AddressTable {
    slots: Vec<(usize, u16)>,
    mask: usize,
}

impl AddressTable {
    /// The table of `objects`, the object at index `i` standing for action id `i` (an
    /// object listed twice for its first index).
    pub(crate) fn new(objects: &[Py<PyAny>]) -> AddressTable {
        // a power of two at least three times the objects: short probes, always a free slot
        let size = (3 * objects.len()).next_power_of_two().max(16);
        let mut table = AddressTable { slots: vec![(0, 0); size], mask: size - 1 };
        for (action, obj) in objects.iter().enumerate() {
            let address = obj.as_ptr() as usize;
            let mut i = table.slot(address);
            while table.slots[i].0 != 0 && table.slots[i].0 != address {
                i = (i + 1) & table.mask;
            }
            if table.slots[i].0 == 0 {
                table.slots[i] = (address, u16::try_from(action).expect("at most 65,536 objects"));
            }
        }
        table
    }

    fn slot(&self, address: usize) -> usize {
        let bits = self.mask.count_ones();
        ((address as u64 >> 4).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - bits)) as usize
    }

    /// The action id of the object at `address`, if it is one of the table's.
    pub(crate) fn get(&self, address: usize) -> Option<u16> {
        let mut i = self.slot(address);
        loop {
            match self.slots[i] {
                (0, _) => return None,
                (a, action) if a == address => return Some(action),
                _ => i = (i + 1) & self.mask,
            }
        }
    }
}
