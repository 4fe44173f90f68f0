"""SVG path geometry shared by the map-measuring scripts (map-figures.py, map-crossings.py): the numbers of an
attribute, and the points of a Graphviz edge path (`M`, `C` and `L` commands, each cubic segment sampled)."""
import math
import re

SAMPLES = 24  # points per cubic segment


def numbers(text):
    return [float(x) for x in re.findall(r"-?\d+(?:\.\d+)?(?:e-?\d+)?", text)]


def curve_points(d, step=None):
    """Points along a path: SAMPLES a cubic segment, or with `step` (pt) about one every `step` pt of its control
    polygon (a long bend sampled 24 times is drawn as chords that lie pt off the curve)."""
    tokens = re.findall(r"[MCLmcl]|-?\d+(?:\.\d+)?(?:e-?\d+)?", d)
    points, nums, command, current = [], [], None, None

    def flush():
        nonlocal current
        if command == "M" and len(nums) >= 2:
            current = (nums[0], nums[1])
            points.append(current)
        elif command == "C" and current is not None:
            for i in range(0, len(nums) - 5, 6):
                p0, p1, p2, p3 = current, nums[i:i + 2], nums[i + 2:i + 4], nums[i + 4:i + 6]
                count = SAMPLES
                if step:
                    polygon = math.dist(p0, p1) + math.dist(p1, p2) + math.dist(p2, p3)
                    count = max(SAMPLES, min(int(math.ceil(polygon / step)), 2000))
                for k in range(1, count + 1):
                    t = k / count
                    a, b, c, e = (1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t ** 2, t ** 3
                    points.append((a * p0[0] + b * p1[0] + c * p2[0] + e * p3[0],
                                   a * p0[1] + b * p1[1] + c * p2[1] + e * p3[1]))
                current = (nums[i + 4], nums[i + 5])
        elif command == "L":
            for i in range(0, len(nums) - 1, 2):
                current = (nums[i], nums[i + 1])
                points.append(current)

    for tok in tokens:
        if tok in "MCLmcl":
            flush()
            command, nums = tok.upper(), []
        else:
            nums.append(float(tok))
    flush()
    return points
