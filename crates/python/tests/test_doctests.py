"""Every example in the docstrings (the package's, the extension's and the stubs' functions)
runs and prints what it shows."""

import doctest

import haipai
import haipai.shanghai


def test_docstring_examples():
    finder = doctest.DocTestFinder(exclude_empty=True)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    objects = [haipai, haipai.shanghai, haipai.Hand, haipai.Hand.parse]
    objects += [getattr(haipai, name) for name in haipai.__all__ if callable(getattr(haipai, name))]
    objects += [haipai.shanghai.deal, haipai.shanghai.solve, haipai.shanghai.review]
    globs = dict(vars(haipai))
    globs.update(vars(haipai.shanghai))
    seen = 0
    for obj in objects:
        name = getattr(obj, "__qualname__", getattr(obj, "__name__", repr(obj)))
        for test in finder.find(obj, name, globs=dict(globs)):
            seen += len(test.examples)
            runner.run(test)
    assert runner.failures == 0
    assert seen >= 20
