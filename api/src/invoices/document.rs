//! The invoice document: an [`Invoice`] of plain data becomes the bytes of an A4 PDF.
//!
//! The layout is done by hand on printpdf's operation list. Every string is measured with the
//! glyph advances of the embedded DejaVu Sans (which has the rupee sign), descriptions wrap inside
//! their column and end in "…" when they would need more than three lines, and the
//! rows are split across pages before anything is drawn, so the footer can say "Page N of M".
//! The fonts are subset when the document is saved: only the glyphs used are embedded.

use std::ops::Range;
use std::sync::LazyLock;

use pricing::{GstRate, Money, Supply, amount_in_words, format_inr};
use printpdf::{
    Color, FontId, Line, LinePoint, OffsetDateTime, Op, PaintMode, ParsedFont, PdfDocument,
    PdfFontHandle, PdfPage, PdfParseErrorSeverity, PdfSaveOptions, Point, Pt, Rect, Rgb, TextItem,
    TextMatrix,
};

/// The seller, as printed at the top of every invoice.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShopDetails {
    /// Trading name, e.g. "Whisk Baking Supplies".
    pub name: String,
    /// Registered legal name, printed beside the GSTIN.
    pub legal_name: String,
    /// Postal address, one printed line each.
    pub address_lines: Vec<String>,
    pub email: String,
    pub gstin: String,
    /// The state it is registered in, with its GST code: `Karnataka (29)`.
    pub state: String,
}

/// The customer an invoice is addressed to. Empty fields are left out of the document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BilledTo {
    pub name: String,
    pub address: String,
    pub city: String,
    pub state: String,
    /// Company name, often empty; the registered business name on a B2B invoice.
    pub company: String,
    pub email: String,
    /// The buyer's GSTIN on a B2B invoice.
    pub gstin: Option<String>,
}

/// One row of the items table. Amounts are GST-inclusive but for the taxable value and taxes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvoiceLine {
    /// What was bought: the product name.
    pub description: String,
    /// Its HSN code, or empty.
    pub hsn: String,
    /// Price of one unit, tax included.
    pub unit_cost: Money,
    /// Number of units.
    pub quantity: u32,
    /// Unit cost times quantity.
    pub amount: Money,
    /// The line's share of the order's discount.
    pub discount: Money,
    /// The value before tax.
    pub taxable_value: Money,
    /// The GST rate.
    pub rate: GstRate,
    /// Central GST.
    pub cgst: Money,
    /// State GST.
    pub sgst: Money,
    /// Union territory GST.
    pub utgst: Money,
    /// Integrated GST.
    pub igst: Money,
}

/// What kind of document is printed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DocumentKind {
    /// A GST tax invoice.
    TaxInvoice,
    /// A credit note cancelling the invoice with this number and date.
    CreditNote {
        /// The invoice it cancels.
        invoice_number: String,
        /// That invoice's date as printed.
        invoice_date: String,
    },
}

/// One row of the HSN-wise tax summary: the lines of one HSN code and rate together.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HsnRow {
    /// The HSN code, or empty.
    pub hsn: String,
    pub rate: GstRate,
    /// Taxable value summed.
    pub taxable_value: Money,
    /// CGST summed.
    pub cgst: Money,
    /// SGST (or UTGST) summed.
    pub state_tax: Money,
    /// IGST summed.
    pub igst: Money,
}

/// The HSN-wise summary of `lines`, in the order each HSN code and rate first appears.
pub fn hsn_summary(lines: &[InvoiceLine]) -> Vec<HsnRow> {
    let mut rows: Vec<HsnRow> = Vec::new();
    for line in lines {
        let state_tax = line.sgst + line.utgst;
        match rows
            .iter_mut()
            .find(|row| row.hsn == line.hsn && row.rate == line.rate)
        {
            Some(row) => {
                row.taxable_value = row.taxable_value + line.taxable_value;
                row.cgst = row.cgst + line.cgst;
                row.state_tax = row.state_tax + state_tax;
                row.igst = row.igst + line.igst;
            }
            None => rows.push(HsnRow {
                hsn: line.hsn.clone(),
                rate: line.rate,
                taxable_value: line.taxable_value,
                cgst: line.cgst,
                state_tax,
                igst: line.igst,
            }),
        }
    }
    rows
}

/// Everything printed on a tax invoice or credit note. Amounts are printed as given: nothing is
/// recomputed here (the pricing crate worked them out when the order was priced).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invoice {
    /// Tax invoice or credit note.
    pub kind: DocumentKind,
    pub shop: ShopDetails,
    pub billed_to: BilledTo,
    /// The document's number, e.g. `WSK/26-27/00001` or `CN/26-27/00001`.
    pub invoice_number: String,
    /// The order the invoice is for, e.g. `ORD1001`.
    pub order_id: String,
    /// Document date as it is printed, e.g. `23 Nov 2026`.
    pub date: String,
    /// Order status as it is printed, e.g. `Delivered`.
    pub status: String,
    /// The place of supply with its code: `Maharashtra (27)`.
    pub place_of_supply: String,
    /// How the tax is split: CGST + SGST, CGST + UTGST or IGST.
    pub supply: Supply,
    /// The items table, in order.
    pub lines: Vec<InvoiceLine>,
    /// Sum of the line amounts.
    pub subtotal: Money,
    /// Discount taken off the subtotal (coupon and admin's); left out when zero.
    pub discount: Money,
    /// The lines' taxable values summed.
    pub taxable_total: Money,
    /// CGST summed.
    pub cgst: Money,
    /// SGST summed.
    pub sgst: Money,
    /// UTGST summed.
    pub utgst: Money,
    /// IGST summed.
    pub igst: Money,
    /// Amount payable (or credited), tax included.
    pub total: Money,
}

/// Why an invoice could not be rendered.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InvoiceError {
    /// An embedded font could not be read: a build problem, not bad input.
    #[error("the embedded font {0} could not be read")]
    Font(&'static str),
    /// printpdf reported an error while writing the document.
    #[error("the PDF could not be written: {0}")]
    Pdf(String),
}

/// Descriptions longer than this many lines end in "…".
const MAX_DESCRIPTION_LINES: usize = 3;

// ---------------------------------------------------------------------------------------------
// Page geometry, in PDF points (1/72 inch). `top` values are measured down from the top edge.

const PAGE_WIDTH: f32 = 595.28; // A4: 210 mm
const PAGE_HEIGHT: f32 = 841.89; // A4: 297 mm
const MARGIN: f32 = 51.02; // 18 mm left, right and top
const LEFT: f32 = MARGIN;
const RIGHT: f32 = PAGE_WIDTH - MARGIN;
const CONTENT_WIDTH: f32 = RIGHT - LEFT;
/// Nothing but the footer goes below this line.
const CONTENT_BOTTOM: f32 = PAGE_HEIGHT - 70.0;
const FOOTER_RULE: f32 = PAGE_HEIGHT - 60.0;
const FOOTER_BASELINE: f32 = PAGE_HEIGHT - 46.0; // about 16 mm above the bottom edge

/// The right-hand header block (heading and invoice facts) starts here.
const META_LEFT: f32 = RIGHT - 200.0;
const META_LABEL_WIDTH: f32 = 72.0;

// Items table: the description takes what the number columns (see `columns`) leave.
const CELL_PAD: f32 = 5.0;
const DESCRIPTION_LEFT: f32 = LEFT + CELL_PAD;
const TABLE_HEADER_HEIGHT: f32 = 22.0;
const ROW_PAD: f32 = 5.0;
const LINE_PITCH: f32 = 12.5;
/// Between the lines of a table cell.
const CELL_PITCH: f32 = 10.5;
/// Height of a capital letter in DejaVu Sans, as a fraction of the font size.
const CAP_HEIGHT: f32 = 0.73;

// The closing block below the table: totals, amount in words, thanks.
const TOTALS_LEFT: f32 = RIGHT - 230.0;
const CLOSING_GAP: f32 = 12.0;
const TOTAL_ROW_PITCH: f32 = 17.0;
const WORDS_GAP: f32 = 24.0;
const MAX_WORDS_LINES: usize = 3;
const THANKS_GAP: f32 = 22.0;
const HSN_GAP: f32 = 14.0;
/// The HSN-wise summary keeps this far left of the totals.
const HSN_WIDTH: f32 = TOTALS_LEFT - LEFT - 18.0;
const HSN_HEADER_HEIGHT: f32 = 17.0;
const HSN_ROW_PITCH: f32 = 14.0;
const SIGNATURE_SPACE: f32 = 30.0;
const SIGNATURE_WIDTH: f32 = 240.0;
/// The amount in words keeps this far left of the signature block.
const WORDS_WIDTH: f32 = CONTENT_WIDTH - SIGNATURE_WIDTH - 24.0;

// Type styles.
const BODY: Style = Style {
    weight: Weight::Regular,
    size: 9.5,
    tone: INK,
};
const BODY_BOLD: Style = Style {
    weight: Weight::Bold,
    size: 9.5,
    tone: INK,
};
const SMALL_MUTED: Style = Style {
    weight: Weight::Regular,
    size: 8.0,
    tone: MUTED,
};
const LABEL: Style = Style {
    weight: Weight::Regular,
    size: 9.0,
    tone: MUTED,
};
const SECTION_LABEL: Style = Style {
    weight: Weight::Bold,
    size: 8.0,
    tone: MUTED,
};
const TABLE_HEAD: Style = Style {
    weight: Weight::Bold,
    size: 7.5,
    tone: INK,
};
const CELL: Style = Style {
    weight: Weight::Regular,
    size: 8.0,
    tone: INK,
};
const CELL_DETAIL: Style = Style {
    weight: Weight::Regular,
    size: 7.0,
    tone: MUTED,
};
const TOTAL: Style = Style {
    weight: Weight::Bold,
    size: 11.5,
    tone: INK,
};
const WORDS: Style = Style {
    weight: Weight::Regular,
    size: 9.0,
    tone: INK,
};
const WORDS_LABEL: Style = Style {
    weight: Weight::Bold,
    size: 9.0,
    tone: MUTED,
};

// Colours: near-black ink, a grey for labels, and a baked-crust brown as the one accent.
const INK: Tone = Tone(0.13, 0.13, 0.15);
const MUTED: Tone = Tone(0.40, 0.40, 0.43);
const ACCENT: Tone = Tone(0.55, 0.27, 0.09);
const HAIRLINE: Tone = Tone(0.84, 0.84, 0.86);
const SHADE: Tone = Tone(0.945, 0.94, 0.93);

// ---------------------------------------------------------------------------------------------
// Fonts

const REGULAR_TTF: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");
const BOLD_TTF: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf");

/// Both faces, parsed once per process: parsing 1.4 MB of font costs more than a render.
static FONTS: LazyLock<Result<Fonts, InvoiceError>> = LazyLock::new(|| {
    Ok(Fonts {
        regular: Face::load(REGULAR_TTF, "DejaVuSans.ttf")?,
        bold: Face::load(BOLD_TTF, "DejaVuSans-Bold.ttf")?,
    })
});

struct Fonts {
    regular: Face,
    bold: Face,
}

impl Fonts {
    fn face(&self, weight: Weight) -> &Face {
        match weight {
            Weight::Regular => &self.regular,
            Weight::Bold => &self.bold,
        }
    }

    /// Width of `text` in points when set in `style`.
    fn width(&self, style: Style, text: &str) -> f32 {
        let face = self.face(style.weight);
        text.chars().map(|c| face.advance(c)).sum::<f32>() * style.size / 1000.0
    }

    /// Width of one character in points when set in `style`.
    fn char_width(&self, style: Style) -> impl Fn(char) -> f32 + '_ {
        let face = self.face(style.weight);
        move |c| face.advance(c) * style.size / 1000.0
    }
}

struct Face {
    font: ParsedFont,
    units_per_em: f32,
    /// Glyph drawn (and measured) for characters the font lacks: `?`.
    fallback: u16,
}

impl Face {
    fn load(bytes: &[u8], name: &'static str) -> Result<Face, InvoiceError> {
        let trimmed = super::font_trim::trim_for_embedding(bytes);
        let bytes = trimmed.as_deref().unwrap_or(bytes);
        let font =
            ParsedFont::from_bytes(bytes, 0, &mut Vec::new()).ok_or(InvoiceError::Font(name))?;
        let units_per_em = f32::from(font.pdf_font_metrics.units_per_em.max(1));
        let fallback = font
            .lookup_glyph_index(u32::from('?'))
            .ok_or(InvoiceError::Font(name))?;
        Ok(Face {
            font,
            units_per_em,
            fallback,
        })
    }

    fn glyph(&self, c: char) -> Option<u16> {
        self.font
            .lookup_glyph_index(u32::from(c))
            .filter(|&gid| gid != 0)
    }

    /// Advance of `c` in thousandths of an em, truncated the way printpdf writes the `/W`
    /// widths, so a measured string is exactly as wide as the viewer draws it.
    fn advance(&self, c: char) -> f32 {
        let gid = self.glyph(c).unwrap_or(self.fallback);
        (f32::from(self.font.get_horizontal_advance(gid)) * 1000.0 / self.units_per_em).trunc()
    }

    /// `text` with every character the font lacks replaced by `?` (instead of an empty box).
    fn printable(&self, text: &str) -> String {
        text.chars()
            .map(|c| if self.glyph(c).is_some() { c } else { '?' })
            .collect()
    }
}

// ---------------------------------------------------------------------------------------------
// Text helpers: pure, measured through a per-character width so they can be tested alone.

/// User text on one line: whitespace runs (newlines, tabs) become one space, other control
/// characters go.
fn one_line(text: &str) -> String {
    text.split_whitespace()
        .map(|word| word.chars().filter(|c| !c.is_control()).collect::<String>())
        .filter(|word| !word.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

fn measure(text: &str, char_width: &impl Fn(char) -> f32) -> f32 {
    text.chars().map(char_width).sum()
}

/// Byte length of the longest prefix of `text` no wider than `max`; at least one character, so
/// a caller that cuts there always makes progress.
fn fitting_prefix(text: &str, max: f32, char_width: &impl Fn(char) -> f32) -> usize {
    let mut width = 0.0;
    for (index, c) in text.char_indices() {
        width += char_width(c);
        if width > max {
            return if index == 0 { c.len_utf8() } else { index };
        }
    }
    text.len()
}

/// `text` cut short so that it, followed by "…", is no wider than `max`.
fn with_ellipsis(text: &str, max: f32, char_width: &impl Fn(char) -> f32) -> String {
    let room = max - char_width('…');
    let mut kept = text.trim_end();
    while !kept.is_empty() && measure(kept, char_width) > room {
        let mut chars = kept.chars();
        chars.next_back();
        kept = chars.as_str().trim_end();
    }
    format!("{kept}…")
}

/// `text` on one line no wider than `max`: as it is when it fits, else cut and ended with "…".
fn truncate(text: &str, max: f32, char_width: impl Fn(char) -> f32) -> String {
    if measure(text, &char_width) <= max {
        text.to_owned()
    } else {
        with_ellipsis(text, max, &char_width)
    }
}

/// Breaks `text` into lines no wider than `first_width` (the first line) and `width` (the
/// others): at spaces, and inside a word only when the word alone is too wide. At most
/// `max_lines` lines come back; when the text needs more, the last one ends in "…".
fn wrap(
    text: &str,
    first_width: f32,
    width: f32,
    max_lines: usize,
    char_width: impl Fn(char) -> f32,
) -> Vec<String> {
    let max_lines = max_lines.max(1);
    let limit = |line_index: usize| if line_index == 0 { first_width } else { width };
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if lines.len() > max_lines {
            break;
        }
        let candidate = if line.is_empty() {
            word.to_owned()
        } else {
            format!("{line} {word}")
        };
        if measure(&candidate, &char_width) <= limit(lines.len()) {
            line = candidate;
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        let mut rest = word;
        while measure(rest, &char_width) > limit(lines.len()) && lines.len() <= max_lines {
            let cut = fitting_prefix(rest, limit(lines.len()), &char_width);
            lines.push(rest[..cut].to_owned());
            rest = &rest[cut..];
        }
        line = rest.to_owned();
    }
    if !line.is_empty() {
        lines.push(line);
    }
    if lines.len() > max_lines {
        lines.truncate(max_lines);
        if let Some(last) = lines.last_mut() {
            *last = with_ellipsis(last, limit(max_lines - 1), &char_width);
        }
    }
    lines
}

/// Which rows go on which page. Rows fill the first page (`first_page` points of table body),
/// then pages of `next_page` points; the closing block (`closing` points: totals, amount in
/// words, thanks) follows the last row. When it does not fit there, it moves to a new page and
/// takes the last row along, so the totals never stand alone under a full page of rows; a page
/// holding a single row instead leaves the closing block to a page of its own.
///
/// Returns one range of row indexes per page, in order; ranges are contiguous and cover every
/// row. Only the last range can be empty (no rows at all, or a page with only the closing block).
fn paginate(
    row_heights: &[f32],
    first_page: f32,
    next_page: f32,
    closing: f32,
) -> Vec<Range<usize>> {
    let mut pages = Vec::new();
    let mut start = 0;
    let mut used = 0.0;
    let mut capacity = first_page;
    for (index, height) in row_heights.iter().enumerate() {
        if used + height > capacity && index > start {
            pages.push(start..index);
            start = index;
            used = 0.0;
            capacity = next_page;
        }
        used += height;
    }
    let end = row_heights.len();
    if used + closing <= capacity {
        pages.push(start..end);
    } else if end - start > 1 {
        pages.push(start..end - 1);
        pages.push(end - 1..end);
    } else {
        pages.push(start..end);
        pages.push(end..end);
    }
    pages
}

/// "City, State", without a dangling comma when either is empty.
fn city_and_state(city: &str, state: &str) -> String {
    [city, state]
        .iter()
        .map(|part| one_line(part))
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join(", ")
}

/// One row of the totals: label, amount, and whether it is the bold grand total.
#[derive(Debug, Clone, PartialEq, Eq)]
struct SummaryRow {
    label: &'static str,
    value: String,
    grand: bool,
}

/// The names of the two intra-state taxes, or of the one inter-state tax, for a supply.
fn tax_names(supply: Supply) -> &'static [&'static str] {
    match supply {
        Supply::IntraState => &["CGST", "SGST"],
        Supply::IntraTerritory => &["CGST", "UTGST"],
        Supply::InterState => &["IGST"],
    }
}

/// A line's or a summary's taxes in the order of [`tax_names`].
fn tax_amounts(supply: Supply, cgst: Money, state_tax: Money, igst: Money) -> Vec<Money> {
    match supply {
        Supply::IntraState | Supply::IntraTerritory => vec![cgst, state_tax],
        Supply::InterState => vec![igst],
    }
}

/// Subtotal, the discount (only when there is one, shown as a minus), the taxable value and the
/// taxes in it, and the total.
fn summary_rows(invoice: &Invoice) -> Vec<SummaryRow> {
    let row = |label, value: Money| SummaryRow {
        label,
        value: format_inr(value),
        grand: false,
    };
    let mut rows = vec![row("Subtotal", invoice.subtotal)];
    if !invoice.discount.is_zero() {
        rows.push(SummaryRow {
            label: "Discount",
            value: format_inr(Money::ZERO - invoice.discount),
            grand: false,
        });
    }
    rows.push(row("Taxable value", invoice.taxable_total));
    let names = tax_names(invoice.supply);
    let amounts = tax_amounts(
        invoice.supply,
        invoice.cgst,
        invoice.sgst + invoice.utgst,
        invoice.igst,
    );
    rows.extend(
        names
            .iter()
            .zip(amounts)
            .map(|(name, amount)| row(name, amount)),
    );
    rows.push(SummaryRow {
        label: "Total",
        value: format_inr(invoice.total),
        grand: true,
    });
    rows
}

/// A number column of the items table: its heading and width in points.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Column {
    title: &'static str,
    width: f32,
}

/// The number columns of the items table, left to right: the discount only when the invoice
/// has one, and the taxes its supply charges.
fn columns(invoice: &Invoice) -> Vec<Column> {
    let mut columns = vec![
        Column {
            title: "Qty",
            width: 24.0,
        },
        Column {
            title: "Unit price",
            width: 56.0,
        },
    ];
    if !invoice.discount.is_zero() {
        columns.push(Column {
            title: "Discount",
            width: 48.0,
        });
    }
    columns.push(Column {
        title: "Taxable value",
        width: 60.0,
    });
    let tax_width = if invoice.supply == Supply::InterState {
        56.0
    } else {
        48.0
    };
    columns.extend(tax_names(invoice.supply).iter().map(|title| Column {
        title,
        width: tax_width,
    }));
    columns.push(Column {
        title: "Total",
        width: 60.0,
    });
    columns
}

/// The cells of a line under [`columns`].
fn cells(invoice: &Invoice, line: &InvoiceLine) -> Vec<String> {
    let mut cells = vec![line.quantity.to_string(), format_inr(line.unit_cost)];
    if !invoice.discount.is_zero() {
        cells.push(if line.discount.is_zero() {
            "–".to_owned()
        } else {
            format_inr(Money::ZERO - line.discount)
        });
    }
    cells.push(format_inr(line.taxable_value));
    cells.extend(
        tax_amounts(invoice.supply, line.cgst, line.sgst + line.utgst, line.igst)
            .into_iter()
            .map(format_inr),
    );
    cells.push(format_inr(line.amount - line.discount));
    cells
}

/// The small line under a description: the HSN code (SAC for a service: chapter 99) and the
/// GST rate.
fn line_detail(line: &InvoiceLine) -> String {
    let hsn = one_line(&line.hsn);
    let kind = if hsn.starts_with("99") { "SAC" } else { "HSN" };
    if hsn.is_empty() {
        format!("GST {}%", line.rate)
    } else {
        format!("{kind} {hsn} · GST {}%", line.rate)
    }
}

// ---------------------------------------------------------------------------------------------
// Drawing

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Weight {
    Regular,
    Bold,
}

#[derive(Debug, Clone, Copy, PartialEq)]
struct Tone(f32, f32, f32);

impl Tone {
    fn color(self) -> Color {
        Color::Rgb(Rgb {
            r: self.0,
            g: self.1,
            b: self.2,
            icc_profile: None,
        })
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
struct Style {
    weight: Weight,
    size: f32,
    tone: Tone,
}

impl Style {
    fn tone(self, tone: Tone) -> Style {
        Style { tone, ..self }
    }

    fn size(self, size: f32) -> Style {
        Style { size, ..self }
    }
}

/// The registered fonts of one document.
struct FontIds {
    regular: FontId,
    bold: FontId,
}

/// One page being drawn. Shapes and text are kept apart so the page is painted shapes first,
/// then all text in a single text object.
struct Canvas<'a> {
    fonts: &'a Fonts,
    ids: &'a FontIds,
    shapes: Vec<Op>,
    text: Vec<Op>,
    font: Option<(Weight, f32)>,
    fill: Option<Tone>,
}

impl<'a> Canvas<'a> {
    fn new(fonts: &'a Fonts, ids: &'a FontIds) -> Self {
        Canvas {
            fonts,
            ids,
            shapes: Vec::new(),
            text: Vec::new(),
            font: None,
            fill: None,
        }
    }

    /// Draws `text` with its baseline `baseline` points below the top edge, starting at `x`.
    fn text(&mut self, x: f32, baseline: f32, style: Style, text: &str) {
        if text.is_empty() {
            return;
        }
        if self.font != Some((style.weight, style.size)) {
            let id = match style.weight {
                Weight::Regular => self.ids.regular.clone(),
                Weight::Bold => self.ids.bold.clone(),
            };
            self.text.push(Op::SetFont {
                font: PdfFontHandle::External(id),
                size: Pt(style.size),
            });
            self.font = Some((style.weight, style.size));
        }
        if self.fill != Some(style.tone) {
            self.text.push(Op::SetFillColor {
                col: style.tone.color(),
            });
            self.fill = Some(style.tone);
        }
        self.text.push(Op::SetTextMatrix {
            matrix: TextMatrix::Translate(Pt(x), Pt(PAGE_HEIGHT - baseline)),
        });
        let printable = self.fonts.face(style.weight).printable(text);
        self.text.push(Op::ShowText {
            items: vec![TextItem::Text(printable)],
        });
    }

    /// Draws `text` so that it ends at `right`.
    fn text_right(&mut self, right: f32, baseline: f32, style: Style, text: &str) {
        let width = self.fonts.width(style, text);
        self.text(right - width, baseline, style, text);
    }

    /// Draws `text` centred on `center`.
    fn text_center(&mut self, center: f32, baseline: f32, style: Style, text: &str) {
        let width = self.fonts.width(style, text);
        self.text(center - width / 2.0, baseline, style, text);
    }

    /// `text` cut with "…" to at most `max` points wide in `style`.
    fn fit(&self, text: &str, style: Style, max: f32) -> String {
        truncate(text, max, self.fonts.char_width(style))
    }

    /// A horizontal rule from `x1` to `x2`, `top` points below the top edge.
    fn rule(&mut self, x1: f32, x2: f32, top: f32, thickness: f32, tone: Tone) {
        let y = Pt(PAGE_HEIGHT - top);
        self.shapes.push(Op::SetOutlineColor { col: tone.color() });
        self.shapes
            .push(Op::SetOutlineThickness { pt: Pt(thickness) });
        self.shapes.push(Op::DrawLine {
            line: Line {
                points: vec![
                    LinePoint {
                        p: Point { x: Pt(x1), y },
                        bezier: false,
                    },
                    LinePoint {
                        p: Point { x: Pt(x2), y },
                        bezier: false,
                    },
                ],
                is_closed: false,
            },
        });
    }

    /// A filled rectangle whose top edge is `top` points below the top of the page.
    fn fill_rect(&mut self, x: f32, top: f32, width: f32, height: f32, tone: Tone) {
        self.shapes.push(Op::SetFillColor { col: tone.color() });
        self.shapes.push(Op::DrawRectangle {
            rectangle: Rect {
                x: Pt(x),
                y: Pt(PAGE_HEIGHT - top - height),
                width: Pt(width),
                height: Pt(height),
                mode: Some(PaintMode::Fill),
                winding_order: None,
            },
        });
    }

    fn finish(self) -> PdfPage {
        let mut ops = Vec::with_capacity(self.shapes.len() + self.text.len() + 4);
        ops.push(Op::SaveGraphicsState);
        ops.extend(self.shapes);
        ops.push(Op::RestoreGraphicsState);
        ops.push(Op::StartTextSection);
        ops.extend(self.text);
        ops.push(Op::EndTextSection);
        PdfPage::new(printpdf::Mm(210.0), printpdf::Mm(297.0), ops)
    }
}

/// An items-table row, wrapped and ready to draw.
struct Row {
    description: Vec<String>,
    detail: String,
    cells: Vec<String>,
}

impl Row {
    fn height(&self) -> f32 {
        let lines = self.description.len().max(1) as f32;
        2.0 * ROW_PAD + CAP_HEIGHT * CELL.size + lines * CELL_PITCH
    }
}

/// The closing block, wrapped and ready to draw.
struct Closing {
    summary: Vec<SummaryRow>,
    hsn_titles: Vec<&'static str>,
    hsn_rows: Vec<Vec<String>>,
    words_label: &'static str,
    words: Vec<String>,
    signatory: String,
    thanks: String,
}

/// Offsets below the top of the closing block.
struct ClosingPlan {
    /// Each summary row's baseline.
    rows: Vec<f32>,
    /// The rule above the total.
    rule: f32,
    /// The top of the HSN summary's header row.
    hsn: f32,
    /// The first line of the amount in words.
    words: f32,
    /// The "For ..." line above the signature space.
    signature: f32,
    thanks: f32,
}

impl Closing {
    fn plan(&self) -> ClosingPlan {
        let mut y = CLOSING_GAP;
        let mut rows = Vec::with_capacity(self.summary.len());
        let mut rule = y;
        for row in &self.summary {
            if row.grand {
                rule = y + 6.0;
                y += 9.0;
            }
            y += TOTAL_ROW_PITCH;
            rows.push(y);
        }
        // The HSN-wise summary stands left of the totals, in the same band.
        let hsn = CLOSING_GAP + HSN_GAP;
        let hsn_end = hsn + HSN_HEADER_HEIGHT + self.hsn_rows.len() as f32 * HSN_ROW_PITCH;
        let words = y.max(hsn_end) + WORDS_GAP;
        let signature = words;
        let words_end = words + (self.words.len().saturating_sub(1)) as f32 * LINE_PITCH;
        let thanks = words_end.max(signature + SIGNATURE_SPACE + 12.0) + THANKS_GAP;
        ClosingPlan {
            rows,
            rule,
            hsn,
            words,
            signature,
            thanks,
        }
    }

    fn height(&self) -> f32 {
        self.plan().thanks + 6.0
    }
}

struct Layout<'a> {
    fonts: &'a Fonts,
    invoice: &'a Invoice,
    invoice_number: String,
    rows: Vec<Row>,
    closing: Closing,
}

impl<'a> Layout<'a> {
    fn new(fonts: &'a Fonts, invoice: &'a Invoice) -> Self {
        let description_width = description_width(invoice);
        let rows = invoice
            .lines
            .iter()
            .map(|line| Row {
                description: wrap(
                    &one_line(&line.description),
                    description_width,
                    description_width,
                    MAX_DESCRIPTION_LINES,
                    fonts.char_width(CELL),
                ),
                detail: truncate(
                    &line_detail(line),
                    description_width,
                    fonts.char_width(CELL_DETAIL),
                ),
                cells: cells(invoice, line),
            })
            .collect();
        let words_label = "Amount in words: ";
        let label_width = fonts.width(WORDS_LABEL, words_label);
        let mut hsn_titles = vec!["HSN/SAC", "Rate", "Taxable value"];
        hsn_titles.extend(tax_names(invoice.supply));
        let hsn_rows = hsn_summary(&invoice.lines)
            .into_iter()
            .map(|row| {
                let taxes = tax_amounts(invoice.supply, row.cgst, row.state_tax, row.igst);
                let mut cells = vec![
                    if row.hsn.is_empty() {
                        "–".to_owned()
                    } else {
                        one_line(&row.hsn)
                    },
                    format!("{}%", row.rate),
                    format_inr(row.taxable_value),
                ];
                cells.extend(taxes.into_iter().map(format_inr));
                cells
            })
            .collect();
        let closing = Closing {
            summary: summary_rows(invoice),
            hsn_titles,
            hsn_rows,
            signatory: format!("For {}", one_line(&invoice.shop.legal_name)),
            words_label,
            words: wrap(
                &amount_in_words(invoice.total),
                WORDS_WIDTH - label_width,
                WORDS_WIDTH,
                MAX_WORDS_LINES,
                fonts.char_width(WORDS),
            ),
            thanks: format!(
                "Thank you for shopping with {}!",
                one_line(&invoice.shop.name)
            ),
        };
        Layout {
            fonts,
            invoice,
            invoice_number: one_line(&invoice.invoice_number),
            rows,
            closing,
        }
    }

    fn pages(&self, ids: &FontIds) -> Vec<PdfPage> {
        let mut first = Canvas::new(self.fonts, ids);
        let first_table_top = self.first_page_header(&mut first);
        let next_table_top = continuation_table_top();
        let heights: Vec<f32> = self.rows.iter().map(Row::height).collect();
        let plan = paginate(
            &heights,
            CONTENT_BOTTOM - first_table_top - TABLE_HEADER_HEIGHT,
            CONTENT_BOTTOM - next_table_top - TABLE_HEADER_HEIGHT,
            self.closing.height(),
        );
        let page_count = plan.len();
        let mut pages = Vec::with_capacity(page_count);
        let mut first = Some(first);
        for (index, rows) in plan.into_iter().enumerate() {
            let (mut canvas, mut top) = match first.take() {
                Some(canvas) => (canvas, first_table_top),
                None => {
                    let mut canvas = Canvas::new(self.fonts, ids);
                    self.continuation_header(&mut canvas);
                    (canvas, next_table_top)
                }
            };
            if !rows.is_empty() || index == 0 {
                top = self.table(&mut canvas, top, rows);
            }
            if index + 1 == page_count {
                self.closing(&mut canvas, top);
            }
            self.footer(&mut canvas, index + 1, page_count);
            pages.push(canvas.finish());
        }
        pages
    }

    /// The full header of the first page; returns where the items table starts.
    fn first_page_header(&self, canvas: &mut Canvas<'_>) -> f32 {
        let invoice = self.invoice;
        let shop_width = META_LEFT - LEFT - 20.0;

        // Left: the shop.
        let name_style = Style {
            weight: Weight::Bold,
            size: 18.0,
            tone: INK,
        };
        let mut y = MARGIN + 14.0;
        let name = canvas.fit(&one_line(&invoice.shop.name), name_style, shop_width);
        canvas.text(LEFT, y, name_style, &name);
        y += 6.0;
        let shop = &invoice.shop;
        let legal =
            (one_line(&shop.legal_name) != one_line(&shop.name)).then(|| shop.legal_name.clone());
        let shop_lines = legal
            .into_iter()
            .chain(shop.address_lines.iter().cloned())
            .chain([
                format!("GSTIN {}", shop.gstin),
                format!("State {}", shop.state),
                shop.email.clone(),
            ]);
        for line in shop_lines
            .map(|line| one_line(&line))
            .filter(|line| !line.is_empty())
        {
            y += 13.0;
            let line = canvas.fit(&line, LABEL, shop_width);
            canvas.text(LEFT, y, LABEL, &line);
        }
        let left_bottom = y;

        // Right: the heading and the invoice facts.
        let heading = Style {
            weight: Weight::Bold,
            size: 20.0,
            tone: ACCENT,
        };
        let mut y = MARGIN + 15.0;
        canvas.text_right(RIGHT, y, heading, self.title());
        y += 6.0;
        let number_label = match invoice.kind {
            DocumentKind::TaxInvoice => "Invoice No.",
            DocumentKind::CreditNote { .. } => "Credit Note No.",
        };
        let mut facts: Vec<(&str, String)> = vec![
            (number_label, invoice.invoice_number.clone()),
            ("Date", invoice.date.clone()),
        ];
        if let DocumentKind::CreditNote {
            invoice_number,
            invoice_date,
        } = &invoice.kind
        {
            facts.push(("Against", invoice_number.clone()));
            facts.push(("Invoice date", invoice_date.clone()));
        }
        facts.push(("Order ID", invoice.order_id.clone()));
        facts.push(("Place of supply", invoice.place_of_supply.clone()));
        if matches!(invoice.kind, DocumentKind::TaxInvoice) {
            facts.push(("Status", invoice.status.clone()));
        }
        let value_width = RIGHT - META_LEFT - META_LABEL_WIDTH;
        for (label, value) in facts {
            y += 14.0;
            canvas.text(META_LEFT, y, LABEL, label);
            let value = canvas.fit(&one_line(&value), BODY_BOLD, value_width);
            canvas.text_right(RIGHT, y, BODY_BOLD, &value);
        }
        let right_bottom = y;

        let rule = left_bottom.max(right_bottom) + 14.0;
        canvas.rule(LEFT, RIGHT, rule, 1.2, ACCENT);

        // Billed to.
        let customer = &invoice.billed_to;
        let width = CONTENT_WIDTH * 0.6;
        let mut y = rule + 22.0;
        canvas.text(LEFT, y, SECTION_LABEL, "BILLED TO");
        let name_style = BODY_BOLD.size(10.5);
        let name = one_line(&customer.name);
        if !name.is_empty() {
            y += 15.0;
            let name = canvas.fit(&name, name_style, width);
            canvas.text(LEFT, y, name_style, &name);
        }
        let mut lines = Vec::new();
        lines.push(one_line(&customer.company));
        lines.extend(wrap(
            &one_line(&customer.address),
            width,
            width,
            3,
            self.fonts.char_width(BODY),
        ));
        lines.push(city_and_state(&customer.city, &customer.state));
        lines.push(
            customer
                .gstin
                .as_deref()
                .map(|gstin| format!("GSTIN {}", one_line(gstin)))
                .unwrap_or_default(),
        );
        lines.push(one_line(&customer.email));
        for line in lines.into_iter().filter(|line| !line.is_empty()) {
            y += 13.5;
            let line = canvas.fit(&line, BODY, width);
            canvas.text(LEFT, y, BODY, &line);
        }
        y + 22.0
    }

    /// The short header of every further page.
    fn continuation_header(&self, canvas: &mut Canvas<'_>) {
        let name_style = Style {
            weight: Weight::Bold,
            size: 11.0,
            tone: INK,
        };
        let baseline = MARGIN + 10.0;
        let note = format!("{} {} (continued)", self.title(), self.invoice_number);
        let note_width = self.fonts.width(LABEL, &note);
        let name = canvas.fit(
            &one_line(&self.invoice.shop.name),
            name_style,
            CONTENT_WIDTH - note_width - 20.0,
        );
        canvas.text(LEFT, baseline, name_style, &name);
        canvas.text_right(RIGHT, baseline, LABEL, &note);
        canvas.rule(LEFT, RIGHT, baseline + 9.0, 0.8, ACCENT);
    }

    /// "Tax Invoice" or "Credit Note".
    fn title(&self) -> &'static str {
        match self.invoice.kind {
            DocumentKind::TaxInvoice => "Tax Invoice",
            DocumentKind::CreditNote { .. } => "Credit Note",
        }
    }

    /// The table header and `rows`; returns the top of what comes next.
    fn table(&self, canvas: &mut Canvas<'_>, top: f32, rows: Range<usize>) -> f32 {
        canvas.fill_rect(LEFT, top, CONTENT_WIDTH, TABLE_HEADER_HEIGHT, SHADE);
        canvas.rule(LEFT, RIGHT, top + TABLE_HEADER_HEIGHT, 0.8, MUTED);
        let baseline = top + (TABLE_HEADER_HEIGHT + CAP_HEIGHT * TABLE_HEAD.size) / 2.0;
        canvas.text(DESCRIPTION_LEFT, baseline, TABLE_HEAD, "Description");
        let columns = columns(self.invoice);
        let rights = column_rights(&columns);
        for (column, right) in columns.iter().zip(&rights) {
            let style = self.shrunk_to_fit(TABLE_HEAD, column.title, column.width - 2.0 * CELL_PAD);
            canvas.text_right(*right, baseline, style, column.title);
        }

        let mut top = top + TABLE_HEADER_HEIGHT;
        for row in &self.rows[rows] {
            let first_baseline = top + ROW_PAD + CAP_HEIGHT * CELL.size;
            for (index, line) in row.description.iter().enumerate() {
                canvas.text(
                    DESCRIPTION_LEFT,
                    first_baseline + index as f32 * CELL_PITCH,
                    CELL,
                    line,
                );
            }
            canvas.text(
                DESCRIPTION_LEFT,
                first_baseline + row.description.len() as f32 * CELL_PITCH,
                CELL_DETAIL,
                &row.detail,
            );
            for ((column, right), text) in columns.iter().zip(&rights).zip(&row.cells) {
                let style = self.shrunk_to_fit(CELL, text, column.width - 2.0 * CELL_PAD);
                canvas.text_right(*right, first_baseline, style, text);
            }
            top += row.height();
            canvas.rule(LEFT, RIGHT, top, 0.5, HAIRLINE);
        }
        top
    }

    /// `style`, set smaller when `text` would be wider than `max`: a number is never cut.
    fn shrunk_to_fit(&self, style: Style, text: &str, max: f32) -> Style {
        let width = self.fonts.width(style, text);
        if width <= max {
            style
        } else {
            style.size(style.size * max / width)
        }
    }

    /// Totals, the HSN-wise tax summary, the amount in words, the signature and the thanks,
    /// from `top` down.
    fn closing(&self, canvas: &mut Canvas<'_>, top: f32) {
        let closing = &self.closing;
        let plan = closing.plan();
        for (row, baseline) in closing.summary.iter().zip(&plan.rows) {
            let (label_style, value_style) = if row.grand {
                (TOTAL, TOTAL)
            } else {
                (BODY.tone(MUTED), BODY)
            };
            canvas.text(TOTALS_LEFT, top + baseline, label_style, row.label);
            canvas.text_right(RIGHT - CELL_PAD, top + baseline, value_style, &row.value);
        }
        canvas.rule(TOTALS_LEFT, RIGHT, top + plan.rule, 0.8, INK);

        // The HSN-wise summary: as many equal columns as it has titles, the HSN code left-aligned.
        let hsn_top = top + plan.hsn;
        canvas.text(LEFT, hsn_top - 7.0, SECTION_LABEL, "HSN-WISE TAX SUMMARY");
        canvas.fill_rect(LEFT, hsn_top, HSN_WIDTH, HSN_HEADER_HEIGHT, SHADE);
        let width = HSN_WIDTH / closing.hsn_titles.len() as f32;
        let header_baseline = hsn_top + (HSN_HEADER_HEIGHT + CAP_HEIGHT * TABLE_HEAD.size) / 2.0;
        for (index, title) in closing.hsn_titles.iter().enumerate() {
            let style = self.shrunk_to_fit(TABLE_HEAD, title, width - CELL_PAD);
            if index == 0 {
                canvas.text(LEFT + CELL_PAD, header_baseline, style, title);
            } else {
                canvas.text_right(
                    LEFT + width * (index + 1) as f32 - CELL_PAD,
                    header_baseline,
                    style,
                    title,
                );
            }
        }
        for (row_index, row) in closing.hsn_rows.iter().enumerate() {
            let baseline =
                hsn_top + HSN_HEADER_HEIGHT + (row_index + 1) as f32 * HSN_ROW_PITCH - 4.0;
            for (index, cell) in row.iter().enumerate() {
                let style = self.shrunk_to_fit(CELL, cell, width - CELL_PAD);
                if index == 0 {
                    canvas.text(LEFT + CELL_PAD, baseline, style, cell);
                } else {
                    canvas.text_right(
                        LEFT + width * (index + 1) as f32 - CELL_PAD,
                        baseline,
                        style,
                        cell,
                    );
                }
            }
        }
        canvas.rule(
            LEFT,
            LEFT + HSN_WIDTH,
            hsn_top + HSN_HEADER_HEIGHT + closing.hsn_rows.len() as f32 * HSN_ROW_PITCH,
            0.5,
            HAIRLINE,
        );

        canvas.text(LEFT, top + plan.words, WORDS_LABEL, closing.words_label);
        let indent = self.fonts.width(WORDS_LABEL, closing.words_label);
        for (index, line) in closing.words.iter().enumerate() {
            let x = if index == 0 { LEFT + indent } else { LEFT };
            canvas.text(x, top + plan.words + index as f32 * LINE_PITCH, WORDS, line);
        }

        let signatory = canvas.fit(&closing.signatory, BODY_BOLD.size(9.0), SIGNATURE_WIDTH);
        canvas.text_right(RIGHT, top + plan.signature, BODY_BOLD.size(9.0), &signatory);
        let line_top = top + plan.signature + SIGNATURE_SPACE;
        canvas.rule(RIGHT - SIGNATURE_WIDTH, RIGHT, line_top, 0.6, MUTED);
        canvas.text_right(RIGHT, line_top + 12.0, LABEL, "Authorised signatory");

        let thanks_style = Style {
            weight: Weight::Bold,
            size: 10.0,
            tone: ACCENT,
        };
        let thanks_text = canvas.fit(&closing.thanks, thanks_style, CONTENT_WIDTH);
        canvas.text_center(
            LEFT + CONTENT_WIDTH / 2.0,
            top + plan.thanks,
            thanks_style,
            &thanks_text,
        );
    }

    fn footer(&self, canvas: &mut Canvas<'_>, page: usize, pages: usize) {
        canvas.rule(LEFT, RIGHT, FOOTER_RULE, 0.5, HAIRLINE);
        let left = canvas.fit(
            &format!(
                "{} · {} {}",
                one_line(&self.invoice.shop.name),
                self.title(),
                self.invoice_number
            ),
            SMALL_MUTED,
            CONTENT_WIDTH - 100.0,
        );
        canvas.text(LEFT, FOOTER_BASELINE, SMALL_MUTED, &left);
        canvas.text_right(
            RIGHT,
            FOOTER_BASELINE,
            SMALL_MUTED,
            &format!("Page {page} of {pages}"),
        );
    }
}

/// The right edges of the number columns, which end at the right margin.
fn column_rights(columns: &[Column]) -> Vec<f32> {
    let mut right = RIGHT;
    let mut rights: Vec<f32> = columns
        .iter()
        .rev()
        .map(|column| {
            let edge = right - CELL_PAD;
            right -= column.width;
            edge
        })
        .collect();
    rights.reverse();
    rights
}

/// What the number columns leave for the description.
fn description_width(invoice: &Invoice) -> f32 {
    CONTENT_WIDTH
        - columns(invoice)
            .iter()
            .map(|column| column.width)
            .sum::<f32>()
        - 2.0 * CELL_PAD
}

/// Where the items table starts on every page after the first.
fn continuation_table_top() -> f32 {
    MARGIN + 10.0 + 9.0 + 16.0
}

/// Renders `invoice` as an A4 PDF and returns its bytes.
///
/// CPU-bound (layout, font subsetting, compression; a few milliseconds): call it from
/// `spawn_blocking` in async code.
pub fn render(invoice: &Invoice) -> Result<Vec<u8>, InvoiceError> {
    let fonts = FONTS.as_ref().map_err(Clone::clone)?;
    let title = match invoice.kind {
        DocumentKind::TaxInvoice => "Tax Invoice",
        DocumentKind::CreditNote { .. } => "Credit Note",
    };
    let mut doc = PdfDocument::new(&format!("{title} {}", one_line(&invoice.invoice_number)));
    let info = &mut doc.metadata.info;
    info.author = one_line(&invoice.shop.name);
    info.creator = one_line(&invoice.shop.name);
    info.producer = "Whisk (printpdf)".to_owned();
    info.subject = format!("{title} for order {}", one_line(&invoice.order_id));
    let now = OffsetDateTime::now_utc();
    info.creation_date = now;
    info.modification_date = now;
    info.metadata_date = now;

    let ids = FontIds {
        regular: doc.add_font(&fonts.regular.font),
        bold: doc.add_font(&fonts.bold.font),
    };
    let pages = Layout::new(fonts, invoice).pages(&ids);

    let mut warnings = Vec::new();
    // printpdf's `save` compresses at zlib's best level, which cost half the render; the
    // streams compress here at the fast level instead (the PDF grows by a few percent).
    let options = PdfSaveOptions {
        optimize: false,
        ..PdfSaveOptions::default()
    };
    let mut pdf = printpdf::to_lopdf_doc(doc.with_pages(pages), &options, &mut warnings);
    compress_streams(&mut pdf);
    let mut bytes = Vec::new();
    pdf.save_to(&mut bytes)
        .map_err(|error| InvoiceError::Pdf(error.to_string()))?;
    let errors: Vec<String> = warnings
        .into_iter()
        .filter(|warning| warning.severity == PdfParseErrorSeverity::Error)
        .map(|warning| warning.msg)
        .collect();
    if errors.is_empty() {
        Ok(bytes)
    } else {
        Err(InvoiceError::Pdf(errors.join("; ")))
    }
}

/// Deflates every stream that may be compressed and is not yet, as printpdf's optimize step
/// does, at zlib's fast level; a stream that would not shrink stays as it is.
fn compress_streams(pdf: &mut lopdf::Document) {
    use std::io::Write;
    for object in pdf.objects.values_mut() {
        let lopdf::Object::Stream(stream) = object else {
            continue;
        };
        if !stream.allows_compression || stream.dict.has(b"Filter") {
            continue;
        }
        let mut encoder = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::fast());
        let Ok(compressed) = encoder
            .write_all(&stream.content)
            .and_then(|()| encoder.finish())
        else {
            continue;
        };
        if compressed.len() < stream.content.len() {
            stream.dict.set("Filter", "FlateDecode");
            stream.set_content(compressed);
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn money(text: &str) -> Money {
        text.parse().unwrap()
    }

    fn invoice(lines: usize) -> Invoice {
        crate::invoices::sample::invoice(lines, Supply::IntraState)
    }

    /// Page objects in the file: `/Type /Page` (or `/Type/Page`) not followed by `s`.
    fn page_count(pdf: &[u8]) -> usize {
        let text = String::from_utf8_lossy(pdf).replace("/Type /Page", "/Type/Page");
        text.match_indices("/Type/Page")
            .filter(|(at, m)| !text[at + m.len()..].starts_with('s'))
            .count()
    }

    /// One unit per character: widths are character counts.
    fn unit(_: char) -> f32 {
        1.0
    }

    #[test]
    fn a_three_line_invoice_is_a_small_pdf() {
        let pdf = render(&invoice(3)).unwrap();
        assert!(pdf.starts_with(b"%PDF"), "starts with {:?}", &pdf[..8]);
        assert_eq!(page_count(&pdf), 1);
        assert!(
            pdf.len() < 80_000,
            "fonts are subset, but the file is {} bytes",
            pdf.len()
        );
    }

    #[test]
    fn long_orders_continue_on_further_pages() {
        let short = render(&invoice(5)).unwrap();
        let long = render(&invoice(60)).unwrap();
        assert_eq!(page_count(&short), 1);
        assert!(
            page_count(&long) > page_count(&short),
            "60 lines on {} pages",
            page_count(&long)
        );
    }

    #[test]
    fn pages_are_planned_so_the_totals_follow_the_last_row() {
        // Everything fits on one page.
        assert_eq!(paginate(&[10.0; 5], 100.0, 200.0, 40.0), vec![0..5]);
        // No rows at all: one page, with only the totals.
        assert_eq!(paginate(&[], 100.0, 200.0, 40.0), vec![0..0]);
        // Rows overflow: the first page takes what fits, further pages hold more.
        assert_eq!(
            paginate(&[10.0; 25], 100.0, 200.0, 40.0),
            vec![0..10, 10..25]
        );
        // A taller row moves as a whole.
        assert_eq!(
            paginate(&[30.0, 30.0, 30.0, 30.0], 100.0, 200.0, 10.0),
            vec![0..3, 3..4]
        );
        // The totals do not fit under the last row: they move on and take that row along.
        assert_eq!(paginate(&[10.0; 9], 100.0, 200.0, 40.0), vec![0..8, 8..9]);
        // A page holding a single row keeps it; the totals get a page of their own.
        assert_eq!(
            paginate(&[10.0; 11], 100.0, 95.0, 90.0),
            vec![0..10, 10..11, 11..11]
        );
    }

    #[test]
    fn text_wraps_at_spaces_and_ends_in_an_ellipsis_when_it_runs_out_of_lines() {
        assert_eq!(
            wrap("Cocoa powder", 20.0, 20.0, 3, unit),
            vec!["Cocoa powder"]
        );
        assert_eq!(
            wrap("  Cocoa   powder ", 20.0, 20.0, 3, unit),
            vec!["Cocoa powder"]
        );
        assert_eq!(
            wrap("aaa bbb ccc", 7.0, 7.0, 3, unit),
            vec!["aaa bbb", "ccc"]
        );
        // A narrower first line (the "Amount in words:" label sits in front of it).
        assert_eq!(
            wrap("aaa bbb ccc", 3.0, 7.0, 3, unit),
            vec!["aaa", "bbb ccc"]
        );
        // A word wider than the column is broken inside.
        assert_eq!(
            wrap("abcdefghij", 4.0, 4.0, 3, unit),
            vec!["abcd", "efgh", "ij"]
        );
        // Out of lines: the last kept line ends in "…" and still fits.
        let lines = wrap("one two three four five six", 9.0, 9.0, 2, unit);
        assert_eq!(lines, vec!["one two", "three…"]);
        let lines = wrap("aaaa bbbb cccc dddd eeee", 9.0, 9.0, 2, unit);
        assert_eq!(lines, vec!["aaaa bbbb", "cccc ddd…"]);
        for line in wrap(&"word ".repeat(100), 30.0, 30.0, 3, unit) {
            assert!(measure(&line, &unit) <= 30.0, "{line:?} is too wide");
        }
        assert!(wrap("", 10.0, 10.0, 3, unit).is_empty());
    }

    #[test]
    fn single_lines_are_cut_with_an_ellipsis() {
        assert_eq!(truncate("Vanilla", 7.0, unit), "Vanilla");
        assert_eq!(truncate("Vanilla extract", 8.0, unit), "Vanilla…");
        assert_eq!(
            truncate("Vanilla extract", 9.0, unit),
            "Vanilla…",
            "no space before the ellipsis"
        );
        assert_eq!(one_line(" Line one\n\tline two\u{7} "), "Line one line two");
    }

    #[test]
    fn text_is_measured_with_the_real_glyph_advances() {
        let fonts = FONTS.as_ref().unwrap();
        let narrow = fonts.width(BODY, "iiii");
        let wide = fonts.width(BODY, "WWWW");
        assert!(wide > 2.0 * narrow, "W {wide} vs i {narrow}");
        assert!(fonts.width(BODY_BOLD, "Total") > fonts.width(BODY, "Total"));
        // DejaVu Sans has the rupee sign; a character it lacks is drawn as "?".
        assert!(fonts.regular.glyph('₹').is_some());
        assert_eq!(fonts.regular.printable("₹500 🎂"), "₹500 ?");
    }

    #[test]
    fn the_totals_name_the_taxes_the_supply_charges_and_a_discount_only_when_there_is_one() {
        let mut with_discount = invoice(1);
        with_discount.subtotal = money("123956.5");
        with_discount.discount = money("500");
        with_discount.total = money("123456.5");
        let rows = summary_rows(&with_discount);
        let labels: Vec<_> = rows
            .iter()
            .map(|row| (row.label, row.value.as_str()))
            .collect();
        assert_eq!(
            labels[..2],
            [("Subtotal", "₹1,23,956.50"), ("Discount", "-₹500.00")]
        );
        assert_eq!(
            labels.iter().map(|(label, _)| *label).collect::<Vec<_>>(),
            [
                "Subtotal",
                "Discount",
                "Taxable value",
                "CGST",
                "SGST",
                "Total"
            ]
        );
        assert_eq!(labels.last(), Some(&("Total", "₹1,23,456.50")));
        let mut plain = crate::invoices::sample::invoice(2, Supply::InterState);
        plain.discount = Money::ZERO;
        let labels: Vec<_> = summary_rows(&plain).iter().map(|row| row.label).collect();
        assert_eq!(labels, ["Subtotal", "Taxable value", "IGST", "Total"]);
        let territory = crate::invoices::sample::invoice(2, Supply::IntraTerritory);
        assert!(
            summary_rows(&territory)
                .iter()
                .any(|row| row.label == "UTGST")
        );
        assert_eq!(
            columns(&plain)
                .iter()
                .map(|column| column.title)
                .collect::<Vec<_>>(),
            ["Qty", "Unit price", "Taxable value", "IGST", "Total"]
        );
    }

    #[test]
    fn the_hsn_summary_adds_up_the_lines_of_each_code_and_rate() {
        let invoice = crate::invoices::sample::invoice(12, Supply::IntraState);
        let summary = hsn_summary(&invoice.lines);
        assert_eq!(summary.len(), 6, "six products repeat twice");
        let taxable: Money = summary.iter().map(|row| row.taxable_value).sum();
        let tax: Money = summary
            .iter()
            .map(|row| row.cgst + row.state_tax + row.igst)
            .sum();
        assert_eq!(
            (taxable, tax),
            (invoice.taxable_total, invoice.cgst + invoice.sgst)
        );
        assert_eq!(line_detail(&invoice.lines[0]), "HSN 1806 · GST 18%");
    }

    #[test]
    fn empty_address_parts_leave_no_dangling_comma() {
        assert_eq!(city_and_state("Pune", "Maharashtra"), "Pune, Maharashtra");
        assert_eq!(city_and_state("", "Maharashtra"), "Maharashtra");
        assert_eq!(city_and_state("Pune", " "), "Pune");
        assert_eq!(city_and_state("", ""), "");
    }
}
