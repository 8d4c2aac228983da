"""Project-wide test configuration."""
