"""Task-pattern drafts from failure reflection: files under `<data dir>/procedures/pattern-<name>.md`.

A lesson that failure reflection files under the agent's working habits (`agent_behavior`) becomes a
draft; a draft is not recalled until the user approves it with `/procedures approve pattern-<name>`,
which stores it as the agent's task pattern and removes the draft file. The file is plain markdown so
the user can read and edit it before approving:

    # pattern-budget-advice
    agent: main
    when: the user asks for a budget recommendation
    keywords: 예산, budget
    lesson: I listed every category and the user wanted three

    ## steps
    Ask for the monthly income first, then give three categories.

A draft written for a user (consolidation's and failure reflection's) names that user (`user: "alice"`): it quotes
what the user asked, so another user of the same data dir neither lists, reads nor approves it (pass 54e: bob's
`/procedures approve` stored alice's requests as his own task pattern). A draft without `user:` (written by hand, or
by a version before owners) is anyone's.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from jarvisd.datafiles import replace_atomically
from jarvisd.memory.patterns import TaskPattern

PREFIX = "pattern-"
_NAME = re.compile(r"[^\w가-힣-]+")


class DraftError(ValueError):
    """A draft that is missing or cannot be read."""


@dataclass(frozen=True)
class PatternDraft:
    pattern: TaskPattern
    agent: str
    lesson: str = ""
    user: str = ""   # whose requests it quotes ("": anyone's)

    @property
    def slug(self) -> str:
        return PREFIX + slug_of(self.pattern.name)


def slug_of(name: str) -> str:
    return _NAME.sub("-", name.strip().casefold()).strip("-") or "pattern"


def render(draft: PatternDraft) -> str:
    p = draft.pattern
    head = [f"# {draft.slug}", f"name: {p.name}", f"agent: {draft.agent}", f"when: {p.when}",
            f"keywords: {', '.join(p.keywords)}"]
    if draft.lesson:
        head.append(f"lesson: {draft.lesson}")
    if draft.user:
        head.append(f"user: {json.dumps(draft.user, ensure_ascii=False)}")   # quoted: a name may hold any character
    return "\n".join(head) + f"\n\n## steps\n{p.steps.strip()}\n"


def parse(text: str) -> PatternDraft:
    head, _, steps = text.partition("## steps")
    fields: dict[str, str] = {}
    for line in head.splitlines():
        key, sep, value = line.partition(":")
        if sep and not line.startswith("#"):
            fields[key.strip().casefold()] = value.strip()
    title = next((ln[1:].strip() for ln in head.splitlines() if ln.startswith("# ")), "")
    name = fields.get("name") or title.removeprefix(PREFIX)
    if not name or not fields.get("when") or not steps.strip():
        raise DraftError("a draft needs a name, `when:` and a `## steps` section")
    keywords = tuple(k.strip() for k in fields.get("keywords", "").split(",") if k.strip())
    pattern = TaskPattern(name=name, when=fields["when"], steps=steps.strip(), keywords=keywords)
    return PatternDraft(pattern=pattern, agent=fields.get("agent", ""), lesson=fields.get("lesson", ""),
                        user=_user_of(fields.get("user", "")))


def _user_of(value: str) -> str:
    """The `user:` field: a JSON string as `render` writes it, else the text as typed."""
    if value.startswith('"'):
        try:
            user = json.loads(value)
        except ValueError:
            return value
        return user if isinstance(user, str) else value
    return value


OWNER_SCAN_BYTES = 8192   # the head of a draft, where `user:` is


def draft_owner(path: Path) -> str:
    """The user a draft file names ("" when none, or when it cannot be read: anyone's, as before owners)."""
    try:
        with path.open("rb") as f:
            head = f.read(OWNER_SCAN_BYTES).decode("utf-8", "replace").partition("## steps")[0]
    except OSError:
        return ""
    for line in head.splitlines():
        key, sep, value = line.partition(":")
        if sep and not line.startswith("#") and key.strip().casefold() == "user":
            return _user_of(value.strip())
    return ""


def write_draft(folder: Path, draft: PatternDraft) -> Path:
    """Write (or overwrite) a draft; failure reflection calls this for `agent_behavior` lessons."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{draft.slug}.md"
    replace_atomically(path, [render(draft).encode("utf-8")], temp=path.with_suffix(".md.tmp"))
    return path


def list_drafts(folder: Path, user: str | None = None) -> list[str]:
    """The drafts that can be approved: regular files only (a folder or FIFO named like one cannot). With `user`, only
    that user's and those of no user (`draft_owner`)."""
    if not folder.is_dir():
        return []
    return sorted(p.stem for p in folder.glob(f"{PREFIX}*.md")
                  if p.is_file() and (user is None or draft_owner(p) in ("", user)))


MAX_DRAFT_BYTES = 1 << 20


def read_draft(folder: Path, slug: str, user: str | None = None) -> PatternDraft:
    """The draft `slug`; with `user`, another user's draft is "no draft" (it is not theirs to read or approve)."""
    slug = slug.strip().removesuffix(".md")
    if not slug.startswith(PREFIX) or "/" in slug or ".." in slug:
        raise DraftError(f"not a pattern draft name: {slug!r} (pattern-<name>)")
    path = folder / f"{slug}.md"
    if not path.is_file() or user is not None and draft_owner(path) not in ("", user):
        raise DraftError(f"no draft {slug}")
    try:  # a draft is a file the user edits by hand: a bad save is a clear reply, not a 500
        size = path.stat().st_size
        if size > MAX_DRAFT_BYTES:  # pass 20: a 1 GiB file named like a draft was read whole (8 s, 1 GB)
            raise DraftError(f"cannot read the draft {path}: it is {size} bytes, and a draft is a few KB "
                             f"({MAX_DRAFT_BYTES} at most): is it the right file?")
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise DraftError(f"cannot read the draft {path}: it is not UTF-8 text (byte {exc.start}); "
                         "save it as UTF-8 and approve it again") from None
    except OSError as exc:
        raise DraftError(f"cannot read the draft {path}: {exc.strerror or exc}") from None
    return parse(text)


def remove_draft(folder: Path, slug: str) -> None:
    (folder / f"{slug.strip().removesuffix('.md')}.md").unlink(missing_ok=True)
