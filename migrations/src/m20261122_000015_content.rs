//! Content: CMS pages (with landing blocks), menus, banners, the blog and its categories,
//! expert lectures, contact messages and sign-ups for updates.

use sea_orm_migration::prelude::*;

use crate::columns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum ContentPages {
    Table,
    Id,
    Slug,
    Title,
    BeforeTitle,
    TitleAlign,
    Body,
    Blocks,
    ArticlesInLine,
    FirstAlone,
    MetaTitle,
    MetaDescription,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum MenuItems {
    Table,
    Id,
    Menu,
    ParentId,
    Position,
    Title,
    Image,
    LinkUrl,
    PageSlug,
}

#[derive(DeriveIden)]
enum Banners {
    Table,
    Placement,
    Image,
    Link,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum BlogCategories {
    Table,
    Id,
    Name,
    Slug,
}

#[derive(DeriveIden)]
enum BlogPosts {
    Table,
    Id,
    Slug,
    Title,
    Description,
    Body,
    HeaderImage,
    Date,
    AuthorId,
    Published,
    CanCreateDiscussion,
    Tags,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum BlogPostCategories {
    Table,
    PostId,
    CategoryId,
}

#[derive(DeriveIden)]
enum Lectures {
    Table,
    Id,
    Title,
    Author,
    Summary,
    Tags,
    Image,
    VideoFile,
    VideoUrl,
    Position,
    CreatedAt,
}

#[derive(DeriveIden)]
enum ContactMessages {
    Table,
    Id,
    Name,
    Email,
    Text,
    CreatedAt,
    HandledAt,
    HandledById,
}

#[derive(DeriveIden)]
enum UpdateSignups {
    Table,
    Id,
    FullName,
    Email,
    Message,
    Consent,
    CreatedAt,
}

fn text_list<T: IntoIden>(name: T) -> ColumnDef {
    ColumnDef::new(name)
        .text()
        .not_null()
        .default("[]")
        .to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use ContentPages as P;
        manager
            .create_table(
                Table::create()
                    .table(P::Table)
                    .if_not_exists()
                    .col(columns::id(P::Id))
                    .col(
                        ColumnDef::new(P::Slug)
                            .string_len(255)
                            .not_null()
                            .unique_key(),
                    )
                    .col(ColumnDef::new(P::Title).string_len(255).not_null())
                    .col(ColumnDef::new(P::BeforeTitle).string_len(255).null())
                    .col(
                        ColumnDef::new(P::TitleAlign)
                            .string_len(8)
                            .not_null()
                            .default("left"),
                    )
                    .col(ColumnDef::new(P::Body).text().not_null())
                    // Landing pages: a JSON list of typed blocks.
                    .col(text_list(P::Blocks))
                    .col(ColumnDef::new(P::ArticlesInLine).integer().null())
                    .col(
                        ColumnDef::new(P::FirstAlone)
                            .boolean()
                            .not_null()
                            .default(false),
                    )
                    .col(ColumnDef::new(P::MetaTitle).string_len(255).null())
                    .col(ColumnDef::new(P::MetaDescription).string_len(500).null())
                    .col(columns::timestamp(P::CreatedAt))
                    .col(columns::timestamp(P::UpdatedAt))
                    .to_owned(),
            )
            .await?;

        use MenuItems as M;
        manager
            .create_table(
                Table::create()
                    .table(M::Table)
                    .if_not_exists()
                    .col(columns::id(M::Id))
                    // `main` or `lgp` (the prize pages' own menu).
                    .col(ColumnDef::new(M::Menu).string_len(16).not_null())
                    .col(ColumnDef::new(M::ParentId).big_integer().null())
                    .col(ColumnDef::new(M::Position).integer().not_null().default(0))
                    .col(ColumnDef::new(M::Title).string_len(255).not_null())
                    .col(ColumnDef::new(M::Image).string_len(255).null())
                    .col(ColumnDef::new(M::LinkUrl).string_len(1024).null())
                    .col(ColumnDef::new(M::PageSlug).string_len(255).null())
                    .foreign_key(
                        ForeignKey::create()
                            .from(M::Table, M::ParentId)
                            .to(M::Table, M::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;

        use Banners as B;
        manager
            .create_table(
                Table::create()
                    .table(B::Table)
                    .if_not_exists()
                    // `dashboard` or `certificates`.
                    .col(
                        ColumnDef::new(B::Placement)
                            .string_len(32)
                            .not_null()
                            .primary_key(),
                    )
                    .col(ColumnDef::new(B::Image).string_len(255).null())
                    .col(ColumnDef::new(B::Link).string_len(1024).null())
                    .col(columns::timestamp(B::UpdatedAt))
                    .to_owned(),
            )
            .await?;

        use BlogCategories as C;
        manager
            .create_table(
                Table::create()
                    .table(C::Table)
                    .if_not_exists()
                    .col(columns::id(C::Id))
                    .col(ColumnDef::new(C::Name).string_len(128).not_null())
                    .col(
                        ColumnDef::new(C::Slug)
                            .string_len(128)
                            .not_null()
                            .unique_key(),
                    )
                    .to_owned(),
            )
            .await?;

        use BlogPosts as BP;
        manager
            .create_table(
                Table::create()
                    .table(BP::Table)
                    .if_not_exists()
                    .col(columns::id(BP::Id))
                    .col(
                        ColumnDef::new(BP::Slug)
                            .string_len(255)
                            .not_null()
                            .unique_key(),
                    )
                    .col(ColumnDef::new(BP::Title).string_len(255).not_null())
                    .col(ColumnDef::new(BP::Description).text().not_null())
                    .col(ColumnDef::new(BP::Body).text().not_null())
                    .col(ColumnDef::new(BP::HeaderImage).string_len(255).null())
                    .col(columns::timestamp(BP::Date))
                    .col(ColumnDef::new(BP::AuthorId).big_integer().null())
                    .col(
                        ColumnDef::new(BP::Published)
                            .boolean()
                            .not_null()
                            .default(false),
                    )
                    .col(
                        ColumnDef::new(BP::CanCreateDiscussion)
                            .boolean()
                            .not_null()
                            .default(true),
                    )
                    .col(text_list(BP::Tags))
                    .col(columns::timestamp(BP::CreatedAt))
                    .col(columns::timestamp(BP::UpdatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .from(BP::Table, BP::AuthorId)
                            .to(Alias::new("users"), Alias::new("id"))
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_blog_posts_listing")
                    .table(BP::Table)
                    .col(BP::Published)
                    .col(BP::Date)
                    .to_owned(),
            )
            .await?;

        use BlogPostCategories as PC;
        manager
            .create_table(
                Table::create()
                    .table(PC::Table)
                    .if_not_exists()
                    .col(ColumnDef::new(PC::PostId).big_integer().not_null())
                    .col(ColumnDef::new(PC::CategoryId).big_integer().not_null())
                    .primary_key(Index::create().col(PC::PostId).col(PC::CategoryId))
                    .foreign_key(
                        ForeignKey::create()
                            .from(PC::Table, PC::PostId)
                            .to(BP::Table, BP::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(PC::Table, PC::CategoryId)
                            .to(C::Table, C::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;

        use Lectures as L;
        manager
            .create_table(
                Table::create()
                    .table(L::Table)
                    .if_not_exists()
                    .col(columns::id(L::Id))
                    .col(ColumnDef::new(L::Title).string_len(255).not_null())
                    // The speaker.
                    .col(ColumnDef::new(L::Author).string_len(255).not_null())
                    .col(ColumnDef::new(L::Summary).text().null())
                    .col(text_list(L::Tags))
                    // Storage key of the poster.
                    .col(ColumnDef::new(L::Image).string_len(255).null())
                    // Storage key of an uploaded video, or an address elsewhere.
                    .col(ColumnDef::new(L::VideoFile).string_len(255).null())
                    .col(ColumnDef::new(L::VideoUrl).string_len(1024).null())
                    .col(ColumnDef::new(L::Position).integer().not_null().default(0))
                    .col(columns::timestamp(L::CreatedAt))
                    .to_owned(),
            )
            .await?;

        use ContactMessages as CM;
        manager
            .create_table(
                Table::create()
                    .table(CM::Table)
                    .if_not_exists()
                    .col(columns::id(CM::Id))
                    .col(ColumnDef::new(CM::Name).string_len(255).not_null())
                    .col(ColumnDef::new(CM::Email).string_len(254).not_null())
                    .col(ColumnDef::new(CM::Text).text().not_null())
                    .col(columns::timestamp(CM::CreatedAt))
                    .col(
                        ColumnDef::new(CM::HandledAt)
                            .timestamp_with_time_zone()
                            .null(),
                    )
                    .col(ColumnDef::new(CM::HandledById).big_integer().null())
                    .to_owned(),
            )
            .await?;

        use UpdateSignups as U;
        manager
            .create_table(
                Table::create()
                    .table(U::Table)
                    .if_not_exists()
                    .col(columns::id(U::Id))
                    .col(ColumnDef::new(U::FullName).string_len(255).not_null())
                    .col(ColumnDef::new(U::Email).string_len(254).not_null())
                    .col(ColumnDef::new(U::Message).text().not_null())
                    .col(
                        ColumnDef::new(U::Consent)
                            .boolean()
                            .not_null()
                            .default(true),
                    )
                    .col(columns::timestamp(U::CreatedAt))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            UpdateSignups::Table.into_iden(),
            ContactMessages::Table.into_iden(),
            Lectures::Table.into_iden(),
            BlogPostCategories::Table.into_iden(),
            BlogPosts::Table.into_iden(),
            BlogCategories::Table.into_iden(),
            Banners::Table.into_iden(),
            MenuItems::Table.into_iden(),
            ContentPages::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        Ok(())
    }
}
