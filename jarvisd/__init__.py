"""jarvisd: an offline, voice-first desktop assistant."""

__version__ = "0.1.0"
