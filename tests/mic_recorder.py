"""A microphone control that records what the HUD and tray ask of it."""


class FakeMic:
    def __init__(self) -> None:
        self.calls: list[tuple[str, bool]] = []

    def set_muted(self, muted: bool) -> None:
        self.calls.append(("muted", muted))

    def talk(self, pressed: bool) -> None:
        self.calls.append(("talk", pressed))
