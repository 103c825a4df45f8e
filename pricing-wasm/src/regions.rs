//! India's states and union territories with their GST state codes (the one table), and the
//! GSTIN check.
//!
//! The kind of a region decides how intra-state tax is split: in a state or a union territory
//! with a legislature (Delhi, Puducherry, Jammu and Kashmir) it is CGST + SGST; in a union
//! territory without one it is CGST + UTGST.

use serde::{Deserialize, Serialize};

/// What kind of region a state code names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RegionKind {
    /// A state, or a union territory with a legislature: intra-state tax is CGST + SGST.
    State,
    /// A union territory without a legislature: intra-state tax is CGST + UTGST.
    UnionTerritory,
}

/// A state or union territory.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Region {
    /// The GST state code, `1` to `38` (written with two digits in a GSTIN).
    pub code: u8,
    /// The name as it appears on an invoice.
    pub name: &'static str,
    /// How intra-state tax is split in it.
    pub kind: RegionKind,
}

const fn state(code: u8, name: &'static str) -> Region {
    Region {
        code,
        name,
        kind: RegionKind::State,
    }
}

const fn territory(code: u8, name: &'static str) -> Region {
    Region {
        code,
        name,
        kind: RegionKind::UnionTerritory,
    }
}

/// Every state and union territory, by GST state code. Code 25 (Daman and Diu) merged into 26 in
/// 2020 and 28 is the pre-2014 Andhra Pradesh; neither is a place of supply any more.
pub const REGIONS: [Region; 36] = [
    state(1, "Jammu and Kashmir"),
    state(2, "Himachal Pradesh"),
    state(3, "Punjab"),
    territory(4, "Chandigarh"),
    state(5, "Uttarakhand"),
    state(6, "Haryana"),
    state(7, "Delhi"),
    state(8, "Rajasthan"),
    state(9, "Uttar Pradesh"),
    state(10, "Bihar"),
    state(11, "Sikkim"),
    state(12, "Arunachal Pradesh"),
    state(13, "Nagaland"),
    state(14, "Manipur"),
    state(15, "Mizoram"),
    state(16, "Tripura"),
    state(17, "Meghalaya"),
    state(18, "Assam"),
    state(19, "West Bengal"),
    state(20, "Jharkhand"),
    state(21, "Odisha"),
    state(22, "Chhattisgarh"),
    state(23, "Madhya Pradesh"),
    state(24, "Gujarat"),
    territory(26, "Dadra and Nagar Haveli and Daman and Diu"),
    state(27, "Maharashtra"),
    state(29, "Karnataka"),
    state(30, "Goa"),
    territory(31, "Lakshadweep"),
    state(32, "Kerala"),
    state(33, "Tamil Nadu"),
    state(34, "Puducherry"),
    territory(35, "Andaman and Nicobar Islands"),
    state(36, "Telangana"),
    state(37, "Andhra Pradesh"),
    territory(38, "Ladakh"),
];

/// Other spellings people type for a region, lower case.
const ALIASES: [(&str, u8); 8] = [
    ("new delhi", 7),
    ("nct of delhi", 7),
    ("orissa", 21),
    ("pondicherry", 34),
    ("andaman and nicobar", 35),
    ("andaman & nicobar islands", 35),
    ("jammu & kashmir", 1),
    ("dadra and nagar haveli", 26),
];

/// The region with this GST state code.
pub fn region_by_code(code: u8) -> Option<Region> {
    REGIONS.iter().copied().find(|region| region.code == code)
}

/// The region a name (any case, surrounding spaces ignored, a few common other spellings) or a
/// GST state code (`"27"`) names.
pub fn find_region(text: &str) -> Option<Region> {
    let text = text.trim();
    if let Ok(code) = text.parse::<u8>() {
        return region_by_code(code);
    }
    // Every name and alias is ASCII, so ASCII case folding is enough (and spares the wasm the
    // Unicode case tables).
    REGIONS
        .iter()
        .copied()
        .find(|region| region.name.eq_ignore_ascii_case(text))
        .or_else(|| {
            ALIASES
                .iter()
                .find(|(alias, _)| alias.eq_ignore_ascii_case(text))
                .and_then(|(_, code)| region_by_code(*code))
        })
}

/// Why a GSTIN is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum GstinError {
    /// Not 15 characters.
    #[error("a GSTIN has 15 characters")]
    Length,
    /// The first two digits are not a state code.
    #[error("a GSTIN starts with a state code such as 27")]
    StateCode,
    /// Characters 3 to 12 are not a PAN (five letters, four digits, a letter).
    #[error("characters 3 to 12 of a GSTIN are a PAN, such as AAPFU0939F")]
    Pan,
    /// Characters 13 to 15 are not an entity number, `Z` and a check character.
    #[error("a GSTIN ends with an entity number, Z and a check character")]
    Tail,
    /// The check character does not match.
    #[error("this GSTIN's check character is wrong; please check it for typing mistakes")]
    Checksum,
}

const BASE36: &[u8; 36] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

fn base36(byte: u8) -> Option<u32> {
    BASE36
        .iter()
        .position(|&digit| digit == byte)
        .map(|index| index as u32)
}

/// The check character of the first 14 characters of a GSTIN (the GSTN's mod-36 scheme: each
/// character's value, weighted 1 and 2 alternately, folded into base 36 and summed).
fn check_character(first14: &[u8]) -> Option<u8> {
    let mut sum = 0;
    for (index, &byte) in first14.iter().enumerate() {
        let product = base36(byte)? * if index % 2 == 0 { 1 } else { 2 };
        sum += product / 36 + product % 36;
    }
    Some(BASE36[((36 - sum % 36) % 36) as usize])
}

/// Checks a GSTIN's format and check character; returns it upper-cased without spaces.
pub fn check_gstin(text: &str) -> Result<String, GstinError> {
    let gstin: String = text
        .split_whitespace()
        .collect::<String>()
        .to_ascii_uppercase();
    let bytes = gstin.as_bytes();
    if bytes.len() != 15 || !gstin.is_ascii() {
        return Err(GstinError::Length);
    }
    let code = gstin[..2]
        .parse::<u8>()
        .ok()
        .filter(|_| bytes[..2].iter().all(u8::is_ascii_digit));
    if code.and_then(region_by_code).is_none() && code != Some(97) {
        return Err(GstinError::StateCode);
    }
    let pan = &bytes[2..12];
    if !(pan[..5].iter().all(u8::is_ascii_uppercase)
        && pan[5..9].iter().all(u8::is_ascii_digit)
        && pan[9].is_ascii_uppercase())
    {
        return Err(GstinError::Pan);
    }
    if !(bytes[12].is_ascii_alphanumeric()
        && bytes[12] != b'0'
        && bytes[13] == b'Z'
        && bytes[14].is_ascii_alphanumeric())
    {
        return Err(GstinError::Tail);
    }
    if check_character(&bytes[..14]) != Some(bytes[14]) {
        return Err(GstinError::Checksum);
    }
    Ok(gstin)
}

/// The region of a valid GSTIN's state code (`None` for 97, "other territory").
pub fn gstin_region(gstin: &str) -> Option<Region> {
    gstin.get(..2)?.parse().ok().and_then(region_by_code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_has_every_state_and_territory_once() {
        assert_eq!(
            REGIONS
                .iter()
                .filter(|region| region.kind == RegionKind::State)
                .count(),
            31,
            "28 states and 3 territories with a legislature"
        );
        assert_eq!(
            REGIONS
                .iter()
                .filter(|region| region.kind == RegionKind::UnionTerritory)
                .count(),
            5
        );
        let mut codes: Vec<u8> = REGIONS.iter().map(|region| region.code).collect();
        codes.dedup();
        assert_eq!(codes.len(), REGIONS.len(), "codes ascend without repeats");
    }

    #[test]
    fn regions_are_found_by_name_alias_or_code() {
        assert_eq!(
            find_region(" maharashtra ").map(|region| region.code),
            Some(27)
        );
        assert_eq!(
            find_region("27").map(|region| region.name),
            Some("Maharashtra")
        );
        assert_eq!(
            find_region("Orissa").map(|region| region.name),
            Some("Odisha")
        );
        assert_eq!(
            find_region("Chandigarh").map(|region| region.kind),
            Some(RegionKind::UnionTerritory)
        );
        assert_eq!(
            find_region("Delhi").map(|region| region.kind),
            Some(RegionKind::State)
        );
        assert_eq!(find_region("Atlantis"), None);
        assert_eq!(find_region("25"), None);
    }

    #[test]
    fn gstins_are_checked_by_format_and_check_character() {
        assert_eq!(
            check_gstin("27aapfu0939f1zv"),
            Ok("27AAPFU0939F1ZV".to_owned())
        );
        assert_eq!(
            check_gstin("29 AAGCB 7383J 1Z4"),
            Ok("29AAGCB7383J1Z4".to_owned())
        );
        assert_eq!(check_gstin("27AAPFU0939F1ZW"), Err(GstinError::Checksum));
        assert_eq!(check_gstin("27AAPFU0939F1Z"), Err(GstinError::Length));
        assert_eq!(check_gstin("25AAPFU0939F1ZV"), Err(GstinError::StateCode));
        assert_eq!(check_gstin("27AAPF10939F1ZV"), Err(GstinError::Pan));
        assert_eq!(check_gstin("27AAPFU0939F1AV"), Err(GstinError::Tail));
        assert_eq!(
            gstin_region("27AAPFU0939F1ZV").map(|region| region.name),
            Some("Maharashtra")
        );
    }
}
