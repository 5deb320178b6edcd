"""What the browser tests share about where things are on screen."""


def overlaps(a: dict, b: dict) -> bool:
    """Whether two bounding boxes (Playwright's x, y, width, height) overlap."""
    return (
        a["x"] < b["x"] + b["width"]
        and b["x"] < a["x"] + a["width"]
        and a["y"] < b["y"] + b["height"]
        and b["y"] < a["y"] + a["height"]
    )
