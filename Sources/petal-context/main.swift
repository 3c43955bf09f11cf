// petal-context: keeps petald's context current from the desktop. Everything lives in PetalContext.
import PetalContext

ContextMain.main()
