"""`search_notes`: keyword search over the user's folder of .txt/.md notes, a page at a time.

Files are read when searched (notes change while the daemon runs), in a worker thread. A note matches
when it contains any of the query's words (case-insensitive); notes with more distinct words and more
hits come first. Each hit carries the note's path relative to the folder, its first line as title and
the best matching line as snippet.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jarvisd.agent.hooks import TurnContext
from jarvisd.agent.tools import Tool, ToolFailure

NOTE_SUFFIXES = (".txt", ".md")
SEARCH_NOTES_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "query": {"type": "string", "minLength": 1, "description": "words to look for"},
        "page": {"type": "integer", "minimum": 1, "default": 1},
        "page_size": {"type": "integer", "minimum": 1, "maximum": 20, "default": 5},
    },
    "required": ["query"],
    "additionalProperties": False,
}


@dataclass(frozen=True)
class NoteHit:
    path: str
    title: str
    line: int
    snippet: str
    score: tuple[int, int]


def _hit(path: Path, root: Path, words: list[str]) -> NoteHit | None:
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    lowered = text.lower()
    distinct = sum(1 for w in words if w in lowered)
    if not distinct:
        return None
    lines = text.splitlines()
    best_line, best = 0, -1
    for i, line in enumerate(lines):
        low = line.lower()
        n = sum(low.count(w) for w in words)
        if n > best:
            best_line, best = i, n
    title = next((ln.strip().lstrip("#").strip() for ln in lines if ln.strip()), path.stem)
    snippet = lines[best_line].strip()[:200] if lines else ""
    return NoteHit(str(path.relative_to(root)), title[:120], best_line + 1, snippet,
                   (distinct, sum(lowered.count(w) for w in words)))


def search_notes(root: Path, query: str, page: int = 1, page_size: int = 5) -> dict[str, Any]:
    """Blocking search; returns one page of hits and how many pages there are."""
    words = [w for w in query.lower().split() if w]
    files = sorted(p for p in root.rglob("*") if p.is_file() and p.suffix.lower() in NOTE_SUFFIXES)
    hits = [h for h in (_hit(p, root, words) for p in files) if h is not None]
    hits.sort(key=lambda h: (-h.score[0], -h.score[1], h.path))
    pages = max(1, -(-len(hits) // page_size))
    chunk = hits[(page - 1) * page_size: page * page_size]
    return {
        "query": query, "page": page, "pages": pages, "total": len(hits),
        "results": [{"path": h.path, "title": h.title, "line": h.line, "snippet": h.snippet} for h in chunk],
    }


def search_notes_tool(notes_dir: Path) -> Tool:
    root = Path(notes_dir).expanduser()

    async def run(ctx: TurnContext, args: dict[str, Any]) -> dict[str, Any]:
        if not root.is_dir():
            raise ToolFailure(f"the notes folder {root} does not exist; tell the user to create it or set "
                              f"tools.notes_dir in the configuration")
        return await asyncio.to_thread(search_notes, root, args["query"], args["page"], args["page_size"])

    return Tool("search_notes", "Search the user's own notes (text and markdown files) by keywords. "
                "Results come a page at a time; ask for the next page when 'pages' is larger.",
                run, SEARCH_NOTES_SCHEMA)
