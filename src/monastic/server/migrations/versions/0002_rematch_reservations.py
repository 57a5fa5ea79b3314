"""Rematch seats held for the previous players.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        # sha256 of the previous game's seat token whose holder the seat waits for
        batch.add_column(sa.Column("held_for", sa.String(64), nullable=True))
        batch.add_column(sa.Column("held_until", sa.Float, nullable=True))  # epoch seconds


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("held_until")
        batch.drop_column("held_for")
