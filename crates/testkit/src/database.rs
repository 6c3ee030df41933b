//! A fresh database per test: the app's embedded SQLite by default, or a new PostgreSQL
//! database created from `TEST_DATABASE_URL` and dropped when the test ends.

use sea_orm::{ConnectionTrait, Database};

pub struct TestDatabase {
    postgres: Option<Postgres>,
}

struct Postgres {
    admin_url: String,
    name: String,
    url: String,
}

impl TestDatabase {
    pub async fn create() -> Self {
        let Some(admin_url) = std::env::var("TEST_DATABASE_URL")
            .ok()
            .filter(|u| !u.is_empty())
        else {
            return Self { postgres: None };
        };
        let name = format!("cohort_test_{}", uuid::Uuid::new_v4().simple());
        let admin = Database::connect(&admin_url)
            .await
            .expect("connect to TEST_DATABASE_URL");
        admin
            .execute_unprepared(&format!("CREATE DATABASE \"{name}\""))
            .await
            .expect("create test database");
        admin.close().await.ok();
        let url = replace_database(&admin_url, &name);
        Self {
            postgres: Some(Postgres {
                admin_url,
                name,
                url,
            }),
        }
    }

    /// `None` means "use the embedded SQLite file".
    pub fn url(&self) -> Option<&str> {
        self.postgres.as_ref().map(|pg| pg.url.as_str())
    }

    pub fn is_postgres(&self) -> bool {
        self.postgres.is_some()
    }
}

impl Drop for TestDatabase {
    fn drop(&mut self) {
        let Some(pg) = self.postgres.take() else {
            return;
        };
        // Drop runs outside async code; a short-lived runtime on its own thread does the work.
        let cleanup = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .ok()?;
            runtime.block_on(async {
                let admin = Database::connect(&pg.admin_url).await.ok()?;
                let sql = format!("DROP DATABASE IF EXISTS \"{}\" WITH (FORCE)", pg.name);
                admin.execute_unprepared(&sql).await.ok()?;
                admin.close().await.ok()
            })
        });
        let _ = cleanup.join();
    }
}

/// `postgres://u@h:5432/postgres?x=y` with the database name swapped.
fn replace_database(url: &str, name: &str) -> String {
    let (base, query) = url
        .split_once('?')
        .map_or((url, None), |(b, q)| (b, Some(q)));
    let prefix = base.rsplit_once('/').map_or(base, |(p, _)| p);
    match query {
        Some(q) => format!("{prefix}/{name}?{q}"),
        None => format!("{prefix}/{name}"),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn swaps_the_database_name() {
        assert_eq!(
            super::replace_database("postgres://u@h:5432/postgres?sslmode=disable", "t1"),
            "postgres://u@h:5432/t1?sslmode=disable"
        );
        assert_eq!(
            super::replace_database("postgres://u@h/db", "t2"),
            "postgres://u@h/t2"
        );
    }
}
