//! Column shapes every table repeats, so each migration states only what is its own.
//! Changing one of these changes only migrations written after the change.

use sea_orm_migration::prelude::*;

/// `BIGINT NOT NULL` auto-incrementing primary key.
pub fn id<T: IntoIden>(name: T) -> ColumnDef {
    ColumnDef::new(name)
        .big_integer()
        .not_null()
        .auto_increment()
        .primary_key()
        .to_owned()
}

/// A `TIMESTAMP WITH TIME ZONE NOT NULL` column.
pub fn timestamp<T: IntoIden>(name: T) -> ColumnDef {
    ColumnDef::new(name)
        .timestamp_with_time_zone()
        .not_null()
        .to_owned()
}

/// A foreign key to `users.id` whose rows go with their user.
pub fn owned_by_user<T: IntoIden, C: IntoIden>(table: T, column: C) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .from(table, column)
        .to(Alias::new("users"), Alias::new("id"))
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

/// Adds `columns` to `table`, one statement each: SQLite alters a table one column at a
/// time.
pub async fn add_columns(
    manager: &SchemaManager<'_>,
    table: impl IntoIden + Clone + 'static,
    columns: Vec<ColumnDef>,
) -> Result<(), DbErr> {
    for mut column in columns {
        manager
            .alter_table(
                Table::alter()
                    .table(table.clone())
                    .add_column(&mut column)
                    .to_owned(),
            )
            .await?;
    }
    Ok(())
}

/// Drops `columns` from `table`, one statement each.
pub async fn drop_columns(
    manager: &SchemaManager<'_>,
    table: impl IntoIden + Clone + 'static,
    columns: Vec<DynIden>,
) -> Result<(), DbErr> {
    for column in columns {
        manager
            .alter_table(
                Table::alter()
                    .table(table.clone())
                    .drop_column(column)
                    .to_owned(),
            )
            .await?;
    }
    Ok(())
}
