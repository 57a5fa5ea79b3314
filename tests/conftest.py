"""Shared test settings: hypothesis profiles sized for CI (2 cores, minutes, not hours)."""

from hypothesis import HealthCheck, settings

settings.register_profile(
    "default",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile("default")
