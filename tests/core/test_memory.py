"""Memory as the messages say it."""

from pentarena.core.memory import gigabytes


def test_gigabytes_are_read_at_a_glance():
    assert gigabytes(2.94e9) == "2.9 GB"
    assert gigabytes(24.1e9) == "24 GB"
    assert gigabytes(24_756_895e9) == "24,756,895 GB"  # a position far out of reach
