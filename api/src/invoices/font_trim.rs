//! Trims a TrueType font before it is embedded in invoices.
//!
//! printpdf copies the source font's `name` table into every subset it embeds, and DejaVu's holds
//! the 14 KB licence text twice over, so each face carried 30 KB per invoice where 15 KB draw,
//! and compressing that was a quarter of the render time. The trimmed font keeps the naming
//! records a viewer shows (copyright, family, style, unique and full name, version, PostScript
//! name, trademark) and the licence URL, and gives `post` version 3 (no glyph names, which the
//! subsets never carried anyway but the subsetter parsed on every render). Glyph outlines,
//! metrics, `cmap` and hinting stay byte for byte, so text draws exactly as before.

/// The `name` records kept: copyright (0) to trademark (7), and the licence URL (14).
const KEPT_NAME_IDS: [u16; 9] = [0, 1, 2, 3, 4, 5, 6, 7, 14];

/// The font with its `name` and `post` tables trimmed, or `None` when it is not a TrueType font
/// this code can read (the caller then embeds it untouched).
pub fn trim_for_embedding(font: &[u8]) -> Option<Vec<u8>> {
    let tables = read_tables(font)?;
    let trimmed: Vec<([u8; 4], Vec<u8>)> = tables
        .into_iter()
        .map(|(tag, data)| match &tag {
            b"name" => trim_name(data).map(|name| (tag, name)),
            b"post" => post_version_3(data).map(|post| (tag, post)),
            _ => Some((tag, data.to_vec())),
        })
        .collect::<Option<_>>()?;
    Some(write_font(font.get(..4)?, &trimmed))
}

fn u16_at(data: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_be_bytes(data.get(at..at + 2)?.try_into().ok()?))
}

fn u32_at(data: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_be_bytes(data.get(at..at + 4)?.try_into().ok()?))
}

/// The tables of an sfnt file, in directory order, as (tag, bytes).
fn read_tables(font: &[u8]) -> Option<Vec<([u8; 4], &[u8])>> {
    if !matches!(u32_at(font, 0)?, 0x0001_0000 | 0x7472_7565) {
        return None;
    }
    (0..usize::from(u16_at(font, 4)?))
        .map(|index| {
            let record = 12 + 16 * index;
            let tag: [u8; 4] = font.get(record..record + 4)?.try_into().ok()?;
            let offset = usize::try_from(u32_at(font, record + 8)?).ok()?;
            let length = usize::try_from(u32_at(font, record + 12)?).ok()?;
            Some((tag, font.get(offset..offset.checked_add(length)?)?))
        })
        .collect()
}

/// A format 0 `name` table with only the records in [`KEPT_NAME_IDS`].
fn trim_name(name: &[u8]) -> Option<Vec<u8>> {
    let count = usize::from(u16_at(name, 2)?);
    let storage = usize::from(u16_at(name, 4)?);
    let mut records = Vec::new();
    let mut strings = Vec::new();
    for index in 0..count {
        let record = 6 + 12 * index;
        let name_id = u16_at(name, record + 6)?;
        if !KEPT_NAME_IDS.contains(&name_id) {
            continue;
        }
        let length = usize::from(u16_at(name, record + 8)?);
        let offset = storage + usize::from(u16_at(name, record + 10)?);
        records.extend_from_slice(name.get(record..record + 8)?);
        records.extend_from_slice(&u16::try_from(length).ok()?.to_be_bytes());
        records.extend_from_slice(&u16::try_from(strings.len()).ok()?.to_be_bytes());
        strings.extend_from_slice(name.get(offset..offset + length)?);
    }
    let kept = records.len() / 12;
    let mut table = Vec::with_capacity(6 + records.len() + strings.len());
    table.extend_from_slice(&0u16.to_be_bytes());
    table.extend_from_slice(&u16::try_from(kept).ok()?.to_be_bytes());
    table.extend_from_slice(&u16::try_from(6 + records.len()).ok()?.to_be_bytes());
    table.extend_from_slice(&records);
    table.extend_from_slice(&strings);
    Some(table)
}

/// The 32-byte `post` header as version 3: the same metrics, no glyph names.
fn post_version_3(post: &[u8]) -> Option<Vec<u8>> {
    let mut header = post.get(..32)?.to_vec();
    header[..4].copy_from_slice(&0x0003_0000u32.to_be_bytes());
    Some(header)
}

/// The sum of a table as big-endian 32-bit words, zero-padded to a whole word.
fn checksum(data: &[u8]) -> u32 {
    data.chunks(4).fold(0u32, |sum, chunk| {
        let mut word = [0u8; 4];
        word[..chunk.len()].copy_from_slice(chunk);
        sum.wrapping_add(u32::from_be_bytes(word))
    })
}

/// An sfnt file from its tables: a sorted directory with checksums, each table 4-byte aligned,
/// and the `head` table's whole-font checksum adjustment set again.
fn write_font(version: &[u8], tables: &[([u8; 4], Vec<u8>)]) -> Vec<u8> {
    let mut tables = tables.to_vec();
    tables.sort_by_key(|(tag, _)| *tag);
    // The adjustment is summed as zero, then set from the sum of the whole file.
    let head = tables
        .iter()
        .position(|(tag, data)| tag == b"head" && data.len() >= 12);
    if let Some(head) = head {
        tables[head].1[8..12].fill(0);
    }
    // The count fits a u16: the tables came from a u16 count.
    let count = tables.len() as u16;
    let entry_selector = count.max(1).ilog2() as u16;
    let search_range = (1u16 << entry_selector) * 16;
    let mut font = Vec::new();
    font.extend_from_slice(version);
    for field in [
        count,
        search_range,
        entry_selector,
        count * 16 - search_range,
    ] {
        font.extend_from_slice(&field.to_be_bytes());
    }
    let mut offsets = Vec::with_capacity(tables.len());
    let mut offset = 12 + 16 * tables.len();
    for (tag, data) in &tables {
        font.extend_from_slice(tag);
        font.extend_from_slice(&checksum(data).to_be_bytes());
        font.extend_from_slice(&(offset as u32).to_be_bytes());
        font.extend_from_slice(&(data.len() as u32).to_be_bytes());
        offsets.push(offset);
        offset += data.len().next_multiple_of(4);
    }
    for (_, data) in &tables {
        font.extend_from_slice(data);
        font.resize(font.len().next_multiple_of(4), 0);
    }
    if let Some(head) = head {
        let at = offsets[head] + 8;
        let adjustment = 0xB1B0_AFBAu32.wrapping_sub(checksum(&font));
        font[at..at + 4].copy_from_slice(&adjustment.to_be_bytes());
    }
    font
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use printpdf::ParsedFont;

    use super::*;

    const REGULAR: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");

    #[test]
    fn keeps_every_glyph_and_metric_and_drops_the_licence_text_and_glyph_names() {
        let trimmed = trim_for_embedding(REGULAR).unwrap();
        let tables = |font: &[u8]| {
            read_tables(font)
                .unwrap()
                .into_iter()
                .map(|(tag, data)| (tag, data.to_vec()))
                .collect::<Vec<_>>()
        };
        let (before, after) = (tables(REGULAR), tables(&trimmed));
        assert_eq!(before.len(), after.len());
        for ((tag, old), (new_tag, new)) in before.iter().zip(&after) {
            assert_eq!(tag, new_tag);
            match tag {
                b"name" => assert!(
                    new.len() < 1_500 && old.len() > 15_000,
                    "name: {} bytes from {}",
                    new.len(),
                    old.len()
                ),
                b"post" => assert_eq!(new.len(), 32),
                b"head" => assert_eq!(old[..8], new[..8]),
                _ => assert_eq!(old, new, "{} changed", String::from_utf8_lossy(tag)),
            }
        }
        for (index, (tag, data)) in after.iter().enumerate() {
            let mut summed = data.clone();
            if tag == b"head" {
                summed[8..12].fill(0);
            }
            assert_eq!(
                u32_at(&trimmed, 12 + 16 * index + 4),
                Some(checksum(&summed)),
                "{} checksum",
                String::from_utf8_lossy(tag)
            );
        }
        assert_eq!(
            checksum(&trimmed),
            0xB1B0_AFBA,
            "the whole font sums to the magic number"
        );

        let (old, new) = (
            ParsedFont::from_bytes(REGULAR, 0, &mut Vec::new()).unwrap(),
            ParsedFont::from_bytes(&trimmed, 0, &mut Vec::new()).unwrap(),
        );
        for c in ['A', 'g', '₹', '7', '%', 'é'] {
            let glyph = old.lookup_glyph_index(u32::from(c)).unwrap();
            assert_eq!(new.lookup_glyph_index(u32::from(c)), Some(glyph), "{c}");
            assert_eq!(
                new.get_horizontal_advance(glyph),
                old.get_horizontal_advance(glyph),
                "{c}"
            );
        }
    }

    #[test]
    fn leaves_what_is_not_a_truetype_font_alone() {
        assert_eq!(trim_for_embedding(b"%PDF-1.7 not a font"), None);
        assert_eq!(trim_for_embedding(&REGULAR[..100]), None);
    }
}
