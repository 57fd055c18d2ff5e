"""`search_notes`: keyword search over the user's folder of .txt/.md notes, a page at a time.

Files are read when searched (notes change while the daemon runs), in a worker thread. A note matches
when it contains any of the query's words (case-insensitive); notes with more distinct words and more
hits come first. Each hit carries the note's path relative to the folder, its first line as title and
the best matching line as snippet. Query words are cut to their cue words the way memory recall does
(Korean particles and 하다-endings stripped: "보고서를" finds "보고서"). Hidden folders (.obsidian,
.trash) are skipped, and only the first 2 MB of a file is read.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jarvisd.agent.hooks import TurnContext
from jarvisd.agent.tools import Tool, ToolFailure
from jarvisd.memory.query_words import query_terms

NOTE_SUFFIXES = (".txt", ".md")
MAX_NOTE_BYTES = 2 * 1024 * 1024
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
        with path.open("rb") as fh:
            text = fh.read(MAX_NOTE_BYTES).decode("utf-8", errors="replace")
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
    words = query_terms(query) or [w for w in query.lower().split() if w]
    files = sorted(p for p in root.rglob("*")
                   if p.suffix.lower() in NOTE_SUFFIXES and p.is_file()
                   and not any(part.startswith(".") for part in p.relative_to(root).parts))
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
