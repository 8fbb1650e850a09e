//! Edge weights for the matching: wide signed integers built from prioritised fields.
//!
//! The pairing criteria are compared lexicographically. Each criterion becomes a field of a wide
//! integer, more important criteria in more significant bits, each field wide enough that its total
//! over any matching cannot spill into its neighbour. A maximum weight matching then optimises the
//! criteria in strict priority order.

use std::cmp::Ordering;
use std::ops::{Add, Sub};

/// Arithmetic the matching algorithm needs from a weight.
pub trait MatchWeight: Copy + Ord + Add<Output = Self> + Sub<Output = Self> {
    /// Zero.
    fn zero() -> Self;
    /// Division by two of an even value (rounds towards negative infinity otherwise).
    fn half(self) -> Self;
}

impl MatchWeight for i64 {
    fn zero() -> Self {
        0
    }
    fn half(self) -> Self {
        self >> 1
    }
}

/// A two's-complement signed integer of `N` 64-bit limbs, least significant limb first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Wide<const N: usize>([u64; N]);

impl<const N: usize> Wide<N> {
    /// A small signed value.
    pub fn from_i64(value: i64) -> Self {
        let fill = if value < 0 { u64::MAX } else { 0 };
        let mut limbs = [fill; N];
        limbs[0] = value as u64;
        Wide(limbs)
    }

    /// Shifts left by `bits` (< 64 * N), dropping the bits shifted out.
    pub fn shl(self, bits: u32) -> Self {
        let limb_shift = (bits / 64) as usize;
        let bit_shift = bits % 64;
        let mut out = [0u64; N];
        for i in (limb_shift..N).rev() {
            let source = i - limb_shift;
            let mut v = self.0[source] << bit_shift;
            if bit_shift > 0 && source > 0 {
                v |= self.0[source - 1] >> (64 - bit_shift);
            }
            out[i] = v;
        }
        Wide(out)
    }

    fn is_negative(&self) -> bool {
        (self.0[N - 1] >> 63) == 1
    }
}

impl<const N: usize> Add for Wide<N> {
    type Output = Self;
    #[inline]
    fn add(self, other: Self) -> Self {
        let mut out = [0u64; N];
        let mut carry = false;
        for (i, slot) in out.iter_mut().enumerate() {
            let (s1, c1) = self.0[i].overflowing_add(other.0[i]);
            let (s2, c2) = s1.overflowing_add(carry as u64);
            *slot = s2;
            carry = c1 || c2;
        }
        Wide(out)
    }
}

impl<const N: usize> Sub for Wide<N> {
    type Output = Self;
    #[inline]
    fn sub(self, other: Self) -> Self {
        let mut out = [0u64; N];
        let mut borrow = false;
        for (i, slot) in out.iter_mut().enumerate() {
            let (d1, b1) = self.0[i].overflowing_sub(other.0[i]);
            let (d2, b2) = d1.overflowing_sub(borrow as u64);
            *slot = d2;
            borrow = b1 || b2;
        }
        Wide(out)
    }
}

impl<const N: usize> Ord for Wide<N> {
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        match (self.is_negative(), other.is_negative()) {
            (true, false) => return Ordering::Less,
            (false, true) => return Ordering::Greater,
            _ => {}
        }
        for i in (0..N).rev() {
            match self.0[i].cmp(&other.0[i]) {
                Ordering::Equal => continue,
                unequal => return unequal,
            }
        }
        Ordering::Equal
    }
}

impl<const N: usize> PartialOrd for Wide<N> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<const N: usize> MatchWeight for Wide<N> {
    fn zero() -> Self {
        Wide([0; N])
    }
    fn half(self) -> Self {
        let mut out = [0u64; N];
        for (i, slot) in out.iter_mut().enumerate() {
            let high = if i + 1 < N {
                self.0[i + 1] << 63
            } else if self.is_negative() {
                1 << 63
            } else {
                0
            };
            *slot = (self.0[i] >> 1) | high;
        }
        Wide(out)
    }
}

/// The layout of prioritised fields: widths in bits, most significant field first.
#[derive(Debug, Clone, Default)]
pub struct Layout {
    widths: Vec<u32>,
}

impl Layout {
    /// Adds a field able to hold totals in `-max_total..=max_total`; returns its index.
    pub fn field(&mut self, max_total: u64) -> usize {
        // One bit for the sign, one guard bit.
        let bits = 64 - max_total.leading_zeros() + 2;
        self.widths.push(bits);
        self.widths.len() - 1
    }

    /// Adds a field of exactly `bits` value bits (plus sign and guard); returns its index.
    pub fn field_bits(&mut self, bits: u32) -> usize {
        self.widths.push(bits + 2);
        self.widths.len() - 1
    }

    /// Bits needed by all fields, plus one for the weight doubling the matching does and the sign.
    pub fn total_bits(&self) -> u32 {
        self.widths.iter().sum::<u32>() + 4
    }

    /// Number of fields.
    fn len(&self) -> usize {
        self.widths.len()
    }

    /// Width of field `i`.
    pub fn width(&self, i: usize) -> u32 {
        self.widths[i]
    }

    /// Each field's lowest bit (the last field is the least significant).
    pub fn offsets(&self) -> Vec<u32> {
        let mut offsets = vec![0u32; self.len()];
        let mut offset = 0;
        for i in (0..self.len()).rev() {
            offsets[i] = offset;
            offset += self.width(i);
        }
        offsets
    }
}

/// Field values for one edge, to be packed by a [`Layout`].
///
/// Values in exponential fields (bit sets) are given as lists of bit positions.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FieldValues {
    /// `(field, value)` pairs; a field may appear several times (values add up).
    pub scalars: Vec<(usize, i64)>,
    /// `(field, bit, negative)`: adds or subtracts `2^bit` in a field.
    pub bits: Vec<(usize, u32, bool)>,
    /// `(field, value, shift)`: adds `value << shift` in a field.
    pub shifted: Vec<(usize, i64, u32)>,
}

impl FieldValues {
    /// Adds `value` to field `field`.
    pub fn add(&mut self, field: usize, value: i64) {
        if value != 0 {
            self.scalars.push((field, value));
        }
    }

    /// Adds `value << shift` to field `field`.
    pub fn add_shifted(&mut self, field: usize, value: i64, shift: u32) {
        self.shifted.push((field, value, shift));
    }

    /// Adds `±2^bit` to field `field`.
    pub fn add_bit(&mut self, field: usize, bit: u32, negative: bool) {
        self.bits.push((field, bit, negative));
    }

    /// No values (the buffers kept for the next edge).
    pub fn clear(&mut self) {
        self.scalars.clear();
        self.bits.clear();
        self.shifted.clear();
    }

    /// Packs the values into a wide integer under `layout`.
    #[cfg(test)]
    pub fn pack<const N: usize>(&self, layout: &Layout) -> Wide<N> {
        self.pack_at(&layout.offsets())
    }

    /// Packs the values into a wide integer whose fields start at `offsets` ([`Layout::offsets`]).
    pub fn pack_at<const N: usize>(&self, offsets: &[u32]) -> Wide<N> {
        let mut total = Wide::<N>::zero();
        for &(field, value) in &self.scalars {
            total = total + Wide::from_i64(value).shl(offsets[field]);
        }
        for &(field, value, shift) in &self.shifted {
            total = total + Wide::from_i64(value).shl(offsets[field] + shift);
        }
        for &(field, bit, negative) in &self.bits {
            let v = Wide::from_i64(1).shl(offsets[field] + bit);
            total = if negative { total - v } else { total + v };
        }
        total
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_arithmetic_matches_i128() {
        let values: [i128; 7] = [
            0,
            1,
            -1,
            12345678901234567,
            -98765432109876543,
            i64::MAX as i128,
            i64::MIN as i128,
        ];
        let wide = |v: i128| {
            let lo = v as u64;
            let hi = (v >> 64) as u64;
            Wide::<2>([lo, hi])
        };
        for &a in &values {
            for &b in &values {
                assert_eq!(wide(a) + wide(b), wide(a + b));
                assert_eq!(wide(a) - wide(b), wide(a - b));
                assert_eq!(wide(a).cmp(&wide(b)), a.cmp(&b), "{a} vs {b}");
            }
            assert_eq!(wide(a).half(), wide(a >> 1));
            assert_eq!(wide(a).shl(3), wide(a << 3));
            assert_eq!(wide(a).shl(70), wide(a << 70));
        }
    }

    #[test]
    fn fields_compare_lexicographically() {
        let mut layout = Layout::default();
        let high = layout.field(10);
        let low = layout.field(1000);
        let mut a = FieldValues::default();
        a.add(high, 1);
        a.add(low, -1000);
        let mut b = FieldValues::default();
        b.add(low, 1000);
        assert!(a.pack::<2>(&layout) > b.pack::<2>(&layout));
    }
}
