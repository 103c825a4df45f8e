//! UPI payments without a gateway: the order page shows a `upi://pay` link and its QR code for
//! the order's exact amount to the shop's UPI ID (NPCI's deep-link format, which every UPI app
//! reads), and an admin marks the order paid when the money shows in the shop's account.

use pricing::Money;
use qrcode::QrCode;
use qrcode::render::svg;

/// Who UPI payments go to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UpiPayee {
    /// The shop's UPI ID (virtual payment address), `name@bank`.
    pub vpa: String,
    /// The name a paying app shows for it.
    pub name: String,
}

/// A UPI ID as `SHOP_UPI_ID` gives it: `handle@provider`, the handle 2 to 256 of letters,
/// digits, `.`, `-` and `_`, the provider 2 to 64 letters or digits.
pub fn check_vpa(text: &str) -> Result<String, String> {
    let text = text.trim();
    let valid = text.split_once('@').is_some_and(|(handle, provider)| {
        (2..=256).contains(&handle.len())
            && handle
                .bytes()
                .all(|byte| byte.is_ascii_alphanumeric() || matches!(byte, b'.' | b'-' | b'_'))
            && (2..=64).contains(&provider.len())
            && provider.bytes().all(|byte| byte.is_ascii_alphanumeric())
    });
    if valid {
        Ok(text.to_owned())
    } else {
        Err(format!("'{text}' is not a UPI ID (name@bank)"))
    }
}

/// Percent-encodes a query value: letters, digits and `-._~@` stay, everything else (spaces
/// too: UPI apps read `%20`, not `+`) becomes `%XX`.
fn encode(value: &str) -> String {
    value
        .bytes()
        .map(|byte| match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' | b'@' => {
                char::from(byte).to_string()
            }
            _ => format!("%{byte:02X}"),
        })
        .collect()
}

impl UpiPayee {
    /// The link that opens a UPI app to pay `amount` for order `order_number`: payee, name,
    /// amount with two decimals, INR, the order number as note and as the transaction
    /// reference the shop matches payments by.
    pub fn link(&self, order_number: &str, amount: Money) -> String {
        format!(
            "upi://pay?pa={}&pn={}&am={}&cu=INR&tn={}&tr={}",
            encode(&self.vpa),
            encode(&self.name),
            amount,
            encode(&format!("Order {order_number}")),
            encode(order_number),
        )
    }
}

/// The QR code of `link` as an SVG image, black on white with the quiet zone, at least 240
/// pixels square.
pub fn qr_svg(link: &str) -> anyhow::Result<String> {
    let code = QrCode::new(link.as_bytes())?;
    Ok(code
        .render::<svg::Color<'_>>()
        .min_dimensions(240, 240)
        .dark_color(svg::Color("#000000"))
        .light_color(svg::Color("#ffffff"))
        .build())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_link_carries_the_payee_the_exact_amount_and_the_order() {
        let payee = UpiPayee {
            vpa: "whisk.demo@upi".to_owned(),
            name: "Whisk Baking Supplies".to_owned(),
        };
        assert_eq!(
            payee.link("ORD1001", Money::from_paise(35_950)),
            "upi://pay?pa=whisk.demo@upi&pn=Whisk%20Baking%20Supplies&am=359.50&cu=INR&tn=Order%20ORD1001&tr=ORD1001"
        );
    }

    #[test]
    fn upi_ids_are_checked() {
        assert_eq!(
            check_vpa(" shop.name-1@okaxis ").unwrap(),
            "shop.name-1@okaxis"
        );
        for bad in [
            "",
            "shop",
            "@okaxis",
            "shop@",
            "sh op@axis",
            "shop@ok-axis",
            "a@b",
        ] {
            assert!(check_vpa(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn the_qr_code_is_an_svg_image() {
        let svg = qr_svg("upi://pay?pa=a.b@upi&am=1.00").unwrap();
        assert!(svg.contains("<svg") && svg.contains("</svg>"));
    }
}
