import urlkit


def test_version():
    assert urlkit.__version__
