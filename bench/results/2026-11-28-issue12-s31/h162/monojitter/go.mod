module monojitter

go 1.26.0
