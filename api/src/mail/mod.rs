//! Outgoing mail. Messages are stored in the database's outbox ([`outbox`]) and sent by
//! whichever node claims them. With `SMTP_URL` set, they go through that SMTP server; without it
//! each message is written as an `.eml` file to the sending node's `<data dir>/outbox` and logged,
//! which is also how the tests read one-time passwords.

pub mod outbox;
pub mod repo;

use std::path::{Path, PathBuf};

use anyhow::Context;
use lettre::message::header::ContentType;
use lettre::message::{Mailbox, MultiPart, SinglePart};
use lettre::{AsyncFileTransport, AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

/// A file sent with a mail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attachment {
    /// The name it is saved under: `invoice-ORD1001.pdf`.
    pub filename: String,
    /// `application/pdf`.
    pub content_type: &'static str,
    pub bytes: Vec<u8>,
}

/// Where mail goes.
#[derive(Clone)]
pub enum Mailer {
    /// Through an SMTP server.
    Smtp {
        transport: AsyncSmtpTransport<Tokio1Executor>,
        from: Mailbox,
    },
    /// Into `.eml` files in a folder.
    Outbox {
        transport: AsyncFileTransport<Tokio1Executor>,
        dir: PathBuf,
        from: Mailbox,
    },
}

impl Mailer {
    /// The SMTP mailer for `smtp_url` (e.g. `smtps://user:pass@smtp.example.com`), or the outbox
    /// under `data_dir` when there is none.
    pub fn new(smtp_url: Option<&str>, from: &str, data_dir: &Path) -> anyhow::Result<Mailer> {
        let from: Mailbox = from
            .parse()
            .with_context(|| format!("MAIL_FROM '{from}' is not a mailbox"))?;
        match smtp_url {
            Some(url) => {
                // As many connections as the outbox sends messages at once.
                let pool = lettre::transport::smtp::PoolConfig::new()
                    .max_size(u32::try_from(outbox::SENDING_AT_ONCE).unwrap_or(u32::MAX));
                let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
                    .context("SMTP_URL is not a valid SMTP URL")?
                    .pool_config(pool)
                    .build();
                Ok(Mailer::Smtp { transport, from })
            }
            None => {
                let dir = data_dir.join("outbox");
                std::fs::create_dir_all(&dir)
                    .with_context(|| format!("creating {}", dir.display()))?;
                Ok(Mailer::Outbox {
                    transport: AsyncFileTransport::new(&dir),
                    dir,
                    from,
                })
            }
        }
    }

    /// Sends a plain-text message, with its HTML twin as the alternative part when there is one
    /// and the attachments after them.
    pub async fn send(
        &self,
        to: &str,
        subject: &str,
        body: String,
        html: Option<String>,
        attachments: Vec<Attachment>,
    ) -> anyhow::Result<()> {
        let from = match self {
            Mailer::Smtp { from, .. } | Mailer::Outbox { from, .. } => from.clone(),
        };
        let builder = Message::builder()
            .from(from)
            .to(to
                .parse()
                .with_context(|| format!("'{to}' is not a mailbox"))?)
            .subject(subject);
        let message = if attachments.is_empty() {
            match html {
                Some(html) => builder.multipart(MultiPart::alternative_plain_html(body, html)),
                None => builder.header(ContentType::TEXT_PLAIN).body(body),
            }
        } else {
            let mixed = MultiPart::mixed();
            let mut parts = match html {
                Some(html) => mixed.multipart(MultiPart::alternative_plain_html(body, html)),
                None => mixed.singlepart(SinglePart::plain(body)),
            };
            for attachment in attachments {
                let content_type =
                    ContentType::parse(attachment.content_type).with_context(|| {
                        format!("'{}' is not a content type", attachment.content_type)
                    })?;
                parts = parts.singlepart(
                    lettre::message::Attachment::new(attachment.filename)
                        .body(attachment.bytes, content_type),
                );
            }
            builder.multipart(parts)
        }
        .context("building the message")?;
        match self {
            Mailer::Smtp { transport, .. } => {
                transport
                    .send(message)
                    .await
                    .context("sending through SMTP")?;
            }
            Mailer::Outbox { transport, dir, .. } => {
                let id = transport
                    .send(message)
                    .await
                    .context("writing to the outbox")?;
                tracing::info!(to, subject, file = %dir.join(format!("{id}.eml")).display(), "mail written to the outbox");
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_mail_is_sent_as_plain_text_and_html_alternatives_with_its_attachments() {
        let dir = tempfile::tempdir().unwrap();
        let mailer = Mailer::new(None, "Whisk <shop@whisk.example>", dir.path()).unwrap();
        mailer
            .send(
                "asha@example.in",
                "Your order",
                "Plain words".to_owned(),
                Some("<p>Rich words</p>".to_owned()),
                vec![Attachment {
                    filename: "invoice-ORD1001.pdf".to_owned(),
                    content_type: "application/pdf",
                    bytes: b"%PDF-1.7\n\xE2\xE3\xCF\xD3".to_vec(),
                }],
            )
            .await
            .unwrap();
        let file = std::fs::read_dir(dir.path().join("outbox"))
            .unwrap()
            .next()
            .unwrap()
            .unwrap();
        let written = std::fs::read_to_string(file.path()).unwrap();
        for expected in [
            "multipart/alternative",
            "text/plain",
            "Plain words",
            "text/html",
            "<p>Rich words</p>",
            "multipart/mixed",
            "Content-Type: application/pdf",
            "attachment; filename=\"invoice-ORD1001.pdf\"",
            "JVBERi0xLjcK4uPP0w==",
        ] {
            assert!(written.contains(expected), "{expected} in {written}");
        }
    }
}
