module h80tool

go 1.26.0
