//! The contact form (spec 2 §2 /contact-us, §5): kept for staff and mailed to support.

use kernel::mail::Email;
use kernel::{AppContext, AppResult};
use sea_orm::{ActiveModelTrait, Set};

use crate::entity::contact_message;

pub const THANK_YOU: &str = "Thank you for your message. We will get back to you soon.";

/// A message from the contact form.
#[derive(Debug, Clone)]
pub struct Message {
    pub name: String,
    pub email: String,
    pub text: String,
}

/// Stores the message and mails it to the support address, with the sender to reply to.
pub async fn send(ctx: &AppContext, message: Message) -> AppResult<()> {
    contact_message::ActiveModel {
        name: Set(message.name.clone()),
        email: Set(message.email.clone()),
        text: Set(message.text.clone()),
        created_at: Set(kernel::clock::now()),
        ..Default::default()
    }
    .insert(&ctx.db)
    .await?;
    let mail = Email {
        to: ctx.config.support_email.clone(),
        subject: format!("Contact form: {}", message.name),
        text: format!(
            "{} <{}> wrote through the contact form:\n\n{}\n",
            message.name, message.email, message.text
        ),
        html: None,
        unsubscribe: None,
    };
    ctx.deliver_mail(mail).await;
    Ok(())
}
