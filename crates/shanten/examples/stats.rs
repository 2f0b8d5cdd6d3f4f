//! Scratch: class statistics.
use haipai_shanten::generate::*;
use std::collections::HashSet;
fn comb(a: &Vector, b: &Vector) -> Vector {
    let mut o = [CLAMP; 10];
    for k1 in 0..5 {
        for p1 in 0..2 {
            for k2 in 0..5 - k1 {
                for p2 in 0..2 - p1 {
                    let v = (a[2 * k1 + p1] + b[2 * k2 + p2]).min(CLAMP);
                    let i = 2 * (k1 + k2) + p1 + p2;
                    o[i] = o[i].min(v);
                }
            }
        }
    }
    o
}
fn main() {
    let t = std::time::Instant::now();
    let (s_of, s) = classes(9, true);
    let (z_of, z) = classes(7, false);
    println!(
        "suit patterns {} classes {}, honour patterns {} classes {} in {:?}",
        s_of.len(),
        s.len(),
        z_of.len(),
        z.len(),
        t.elapsed()
    );
    let mut mp = HashSet::new();
    for a in &s {
        for b in &s {
            mp.insert(comb(a, b));
        }
    }
    println!("mp classes {}", mp.len());
    let mut mps = HashSet::new();
    for a in &mp {
        for b in &s {
            mps.insert(comb(a, b));
        }
    }
    println!("mps classes {}", mps.len());
    let t = haipai_shanten::generate::build();
    println!("combined {} triple {}", t.combined_vectors.len(), t.triple_table.len());
    let mut sz = HashSet::new();
    for a in &s {
        for b in &z {
            sz.insert(comb(a, b));
        }
    }
    println!("sz classes {}", sz.len());
}
