"""Persistence with SQLAlchemy: SQLite by default, PostgreSQL (or anything SQLAlchemy
speaks) by URL.  Every accepted move is committed here before it is broadcast."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    Float,
    ForeignKey,
    Integer,
    String,
    UniqueConstraint,
    create_engine,
    select,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker


def default_database_url() -> str:
    """``sqlite:///<data dir>/pentarena.sqlite3`` (``$PENTARENA_DATA`` or
    ``~/.local/share/pentarena``)."""
    import os

    base = Path(os.environ.get("PENTARENA_DATA") or Path.home() / ".local/share/pentarena")
    base.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{base / 'pentarena.sqlite3'}"


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict] = mapped_column(JSON)
    seed: Mapped[int | None] = mapped_column(Integer, nullable=True)
    seats: Mapped[list] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16), index=True)  # playing | finished
    created: Mapped[float] = mapped_column(Float)
    updated: Mapped[float] = mapped_column(Float)
    imported: Mapped[bool] = mapped_column(default=False)


class MoveRow(Base):
    __tablename__ = "moves"
    __table_args__ = (UniqueConstraint("table_id", "ply"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    ply: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(String(200))
    at: Mapped[float] = mapped_column(Float)


@dataclass
class StoredTable:
    id: str
    game: str
    options: dict[str, Any]
    seed: int | None
    seats: list[dict[str, Any]]
    status: str
    created: float
    updated: float
    imported: bool
    moves: list[str]


class Store:
    """All database access of the server."""

    def __init__(self, url: str | None = None) -> None:
        self.url = url or default_database_url()
        kwargs: dict[str, Any] = {}
        if self.url.startswith("sqlite"):
            kwargs["connect_args"] = {"check_same_thread": False}
        self.engine = create_engine(self.url, **kwargs)
        Base.metadata.create_all(self.engine)
        self._session = sessionmaker(self.engine, expire_on_commit=False)

    def session(self) -> Session:
        return self._session()

    def create_table(self, t: StoredTable) -> None:
        with self.session() as s, s.begin():
            s.add(TableRow(id=t.id, game=t.game, options=t.options, seed=t.seed,
                           seats=t.seats, status=t.status, created=t.created,
                           updated=t.updated, imported=t.imported))
            s.flush()
            for ply, text in enumerate(t.moves):
                s.add(MoveRow(table_id=t.id, ply=ply, seat=-1, text=text, at=t.created))

    def add_move(self, table_id: str, ply: int, seat: int, text: str, status: str) -> None:
        """Commit one accepted move (and the table's new status) in one transaction."""
        now = time.time()
        with self.session() as s, s.begin():
            s.add(MoveRow(table_id=table_id, ply=ply, seat=seat, text=text, at=now))
            row = s.get(TableRow, table_id)
            row.status = status
            row.updated = now

    def update_seats(self, table_id: str, seats: list[dict[str, Any]]) -> None:
        with self.session() as s, s.begin():
            row = s.get(TableRow, table_id)
            row.seats = json.loads(json.dumps(seats))
            row.updated = time.time()

    def _stored(self, s: Session, row: TableRow) -> StoredTable:
        moves = s.scalars(
            select(MoveRow.text).where(MoveRow.table_id == row.id).order_by(MoveRow.ply)
        ).all()
        return StoredTable(row.id, row.game, dict(row.options), row.seed, list(row.seats),
                           row.status, row.created, row.updated, row.imported, list(moves))

    def load(self, table_id: str) -> StoredTable | None:
        with self.session() as s:
            row = s.get(TableRow, table_id)
            return self._stored(s, row) if row else None

    def load_all(self, status: str | None = None) -> list[StoredTable]:
        with self.session() as s:
            q = select(TableRow).order_by(TableRow.updated.desc())
            if status:
                q = q.where(TableRow.status == status)
            return [self._stored(s, row) for row in s.scalars(q).all()]

    def close(self) -> None:
        self.engine.dispose()
