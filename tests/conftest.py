"""Test-wide settings: under CI, hypothesis explores a fixed set of examples (derandomised), so a
landing never depends on chance; locally it keeps exploring new ones."""

import os

import pytest
from hypothesis import settings

settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


# The database backends the store and bot tests run on (both unless narrowed on purpose, e.g.
# RAVENSWOOD_TEST_BACKENDS=sqlite on a machine without PostgreSQL: said in the report header).
BACKENDS = [
    b.strip() for b in os.environ.get("RAVENSWOOD_TEST_BACKENDS", "sqlite,postgresql").split(",")
]


def pytest_report_header() -> str:
    return f"database backends: {', '.join(BACKENDS)}"


class PostgresServer:
    """The session's throwaway server; each test gets a schema of its own (``fresh``)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.count = 0

    def _run(self, statement: str) -> None:
        import asyncio
        from concurrent.futures import ThreadPoolExecutor

        import asyncpg

        async def run() -> None:
            connection = await asyncpg.connect(self.url)
            try:
                await connection.execute(statement)
            finally:
                await connection.close()

        # A thread of its own: the test's event loop may be running in this one.
        with ThreadPoolExecutor(1) as thread:
            thread.submit(asyncio.run, run()).result()

    def fresh(self) -> str:
        """The URL of a new, empty schema (a database of its own, for one test)."""
        self.count += 1
        name = f"test_{os.getpid()}_{self.count}"
        self._run(f"CREATE SCHEMA {name}")
        return f"{self.url}?search_path={name}"


@pytest.fixture(scope="session")
def postgres_server():
    if "postgresql" not in BACKENDS:  # narrowed on purpose: reported as skipped, with why
        pytest.skip("RAVENSWOOD_TEST_BACKENDS leaves PostgreSQL out")
    from tests.postgres_server import throwaway_postgres

    with throwaway_postgres() as url:
        yield PostgresServer(url)


def pytest_configure(config) -> None:
    config.addinivalue_line(
        "markers",
        "sqlite_only(why): a test whose subject is not storage and that is slow, run on SQLite "
        "alone (the report names it under its backend id; every other database test runs on both)",
    )


def pytest_generate_tests(metafunc) -> None:
    """Every test that uses a database (the ``backend`` fixture, through ``database`` and
    ``table``) runs once per backend."""
    if "backend" in metafunc.fixturenames:
        only = metafunc.definition.get_closest_marker("sqlite_only")
        metafunc.parametrize("backend", ["sqlite"] if only else BACKENDS, indirect=True)


@pytest.fixture
def backend(request) -> str:
    """Each database backend in turn: 'sqlite' or 'postgresql'."""
    return request.param


@pytest.fixture
def new_database(request, backend, tmp_path):
    """Makes empty databases on the test's backend: SQLite paths or PostgreSQL URLs."""
    made = iter(range(1, 1000))

    def make() -> str:
        if backend == "sqlite":
            return str(tmp_path / f"ravenswood-{next(made)}.sqlite3")
        return request.getfixturevalue("postgres_server").fresh()

    return make


@pytest.fixture
def database(new_database) -> str:
    """A database for one test, on each backend in turn: an SQLite path or a PostgreSQL URL."""
    return new_database()
